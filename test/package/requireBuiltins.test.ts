// The build's rewrite of a chunk's imports of Node's built-ins into require() calls at its top
// (scripts/bundleOptions.mjs): every form esbuild writes, and nothing that only looks like one.
import { describe, expect, it } from 'vitest';
import { BANNER, requireBuiltins } from '../../scripts/bundleOptions.mjs';

describe('requireBuiltins', () => {
  it('turns each form of import into a require() at the top, where imports take effect', () => {
    const chunk = `${BANNER}\nimport{a as b}from"./chunk-X.js";var x=1;import Y from"node:process";import*as F from"node:fs";import{Agent as A,request}from"node:http";function f(){return A}import Z,{env as E}from"node:process";import"node:tty";export{f};`;
    const { code, modules } = requireBuiltins(chunk);
    expect(code).toBe(
      `${BANNER}\nvar Y=require("node:process");var F=require("node:fs");var {Agent:A,request}=require("node:http");var Z=require("node:process"),{env:E}=Z;require("node:tty");\nimport{a as b}from"./chunk-X.js";var x=1;function f(){return A}export{f};`,
    );
    expect([...modules].sort()).toEqual(['node:fs', 'node:http', 'node:process', 'node:tty']);
  });

  it('leaves text that is no import statement alone: in a string, or of another module', () => {
    const chunk = `${BANNER}\nvar s="say import{a}from\\"node:fs\\" here";import{b}from"./chunk-Y.js";`;
    expect(requireBuiltins(chunk)).toEqual({ code: chunk, modules: new Set() });
  });

  it('refuses a chunk that imports a built-in without the banner that defines require', () => {
    expect(() => requireBuiltins('import{x}from"node:fs";x();')).toThrow(/banner/);
  });
});
