// Replaced by the bundler with package.json's version; read from package.json when run unbundled (tests).
import { createRequire } from 'node:module';

declare const __VERSION__: string | undefined;

export const VERSION: string =
  typeof __VERSION__ === 'string' ? __VERSION__ : (createRequire(import.meta.url)('../package.json') as { version: string }).version;
