// The build's wrapping of the program into the function the bin calls (scripts/appScript.mjs):
// what it makes of a bundle, and the bundles it refuses to ship (each would fail at a user's start).
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { wrapProgram } from '../../scripts/appScript.mjs';
import { BANNER } from '../../scripts/bundleOptions.mjs';

interface Handover {
  url: string;
  import(specifier: string): Promise<unknown>;
}
type Program = (require: NodeJS.Require, handover: Handover) => Promise<unknown>;

describe('wrapProgram', () => {
  it('makes the bundle an async function of require and the handover: its dynamic imports and top-level await work', async () => {
    const bundle = `${BANNER}\nconst {join}=require("node:path");const m=await import("./demo.js");globalThis.__wrapped=[join("a","b"),m.name,__oie.url];`;
    const program = runInThisContext(wrapProgram(bundle, ['./demo.js'])) as Program;
    const asked: string[] = [];
    await program(require, { url: 'file:///x/app.js', import: (s) => (asked.push(s), Promise.resolve({ name: 'demo' })) });
    expect((globalThis as { __wrapped?: unknown }).__wrapped).toEqual(['a/b', 'demo', 'file:///x/app.js']);
    expect(asked).toEqual(['./demo.js']);
  });

  it('is strict, as the ES module it was', () => {
    const program = runInThisContext(wrapProgram(`${BANNER}\nundeclared = 1;`, [])) as Program;
    return expect(program(require, { url: '', import: () => Promise.resolve({}) })).rejects.toThrow(ReferenceError);
  });

  it.each([
    ['a dynamic import esbuild did not report', `${BANNER}\nimport("./other.js");`, []],
    ['a reported import it does not hold', `${BANNER}\nvar a=1;`, ['./demo.js']],
    ['an import statement', `${BANNER}\nimport x from "./x.js";`, []],
    ['an export', `${BANNER}\nexport{a};var a=1;`, []],
    ['import.meta', `${BANNER}\nvar u=import.meta.url;`, []],
    ['an import() with a computed specifier', `${BANNER}\nimport(name);`, []],
    ['no banner', `var a=1;`, []],
  ])('refuses a bundle with %s', (_what, bundle, expected) => {
    expect(() => wrapProgram(bundle, expected)).toThrow();
  });
});
