// The program as the bin runs it (dist/app.js): cli.ts and everything it loads in one ES module
// bundle, made the body of an async function so that the bin can compile it as a script with
// V8's code cache (src/boot/codeCache.ts; a module cannot have one). The function takes `require` and
// the handover (src/boot/handover.ts): the bundle's `import.meta.url` is defined as the handover's `url`
// (build.mjs), and its dynamic imports of what stays outside it (the demo's ES modules, a
// built-in or two) are made calls of the handover's `import` here. Top-level await (yoga-layout
// has one) is then an await in an async function.
import { Script } from 'node:vm';
import { BANNER } from './bundleOptions.mjs';

/** What the bundle's `import.meta.url` becomes (esbuild's define). */
export const IMPORT_META_URL = '__oie.url';

const DYNAMIC_IMPORT = /\bimport\("([^"\\]+)"\)/g;

/**
 * @internal Exported for its test. The function's source, from the bundle's and the dynamic
 * imports esbuild says it left in it (`expected`, their specifiers); throws when the two disagree
 * or the result does not compile as a script.
 */
export function wrapProgram(code, expected) {
  if (!code.startsWith(BANNER)) throw new Error('the program bundle does not start with the require banner');
  const found = [];
  const body = code.slice(BANNER.length).replace(DYNAMIC_IMPORT, (_all, specifier) => {
    found.push(specifier);
    return `__oie.import(${JSON.stringify(specifier)})`;
  });
  if ([...new Set(found)].sort().join() !== [...new Set(expected)].sort().join()) {
    throw new Error(`rewrote dynamic imports of ${found.join(', ') || 'nothing'}, esbuild wrote ${expected.join(', ') || 'none'}`);
  }
  const wrapped = `(async function (require, __oie) {"use strict";${body}\n})`;
  // An import or export statement, import.meta or another import() left in it fails here, not at a user's start.
  new Script(wrapped, { filename: 'dist/app.js' });
  if (/\bimport\s*\(/.test(wrapped.replace(/__oie\.import\(/g, ''))) throw new Error('the program keeps an import() the handover does not make');
  return wrapped;
}
