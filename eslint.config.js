import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // V8 refuses a code cache taken under other flags than the next start's: in the app a flag is
    // set only through what the start hands down once the cache is taken (src/config/boot.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/config/boot.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'node:v8', importNames: ['setFlagsFromString'], message: "take the code cache first: the Settled of boot.settled() sets the heap flags (src/config/boot.ts)" }] },
      ],
    },
  },
);
