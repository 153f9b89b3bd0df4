// The config file is read only when it is a regular file of reasonable size, and what is wrong
// with it is said without quoting it: a FIFO, a device, a symbolic link to a file that is not
// JSON (a password hash must not reach the terminal), escape sequences in the file's keys.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/config/args.js';
import { MAX_CONFIG_BYTES } from '../../src/config/configFile.js';
import { jsonErrorAt, lineAndColumn } from '../../src/config/jsonError.js';
import { loadConfig } from '../../src/config/profiles.js';
import { KEYMAP_VOCABULARY } from '../../src/keys/effective.js';

const dir = mkdtempSync(join(tmpdir(), 'oie-config-file-'));
let n = 0;
function file(content: string): string {
  const path = join(dir, `config-${++n}.json`);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

/** The UsageError loadConfig throws for `path` (fails the test when it throws nothing). */
function refusal(path: string): string {
  try {
    loadConfig(path, { explicit: true, actions: KEYMAP_VOCABULARY });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${path} was accepted`);
}

const SHADOW = 'root:$6$Zq9SaltSalt$Hj7PasswordHashPasswordHashPasswordHash:19700:0:99999:7:::\n';

describe('what is read', () => {
  it('refuses a FIFO at once instead of waiting for a writer', () => {
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    expect(refusal(fifo)).toBe(`${fifo}: the config file must be a regular file, this is a FIFO`);
  });

  it('refuses a device without reading it (/dev/zero never ends)', () => {
    expect(refusal('/dev/zero')).toBe('/dev/zero: the config file must be a regular file, this is a device');
  });

  it('refuses a symbolic link to a device or a directory, judged by what it points to', () => {
    const link = join(dir, 'zero-link.json');
    symlinkSync('/dev/zero', link);
    expect(refusal(link)).toMatch(/this is a device$/);
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    expect(refusal(sub)).toMatch(/this is a directory$/);
  });

  it('refuses a file over the size cap', () => {
    const big = file(`{"profiles":{},"x":"${'a'.repeat(MAX_CONFIG_BYTES)}"}`);
    expect(refusal(big)).toBe(`${big}: the config file is larger than 1 MB`);
  });

  it('follows a symbolic link to a regular file', () => {
    const target = file(JSON.stringify({ profiles: { lab: { baseUrl: 'http://127.0.0.1:1' } } }));
    const link = join(dir, 'link.json');
    symlinkSync(target, link);
    expect(loadConfig(link, { explicit: true, actions: KEYMAP_VOCABULARY })?.config.profiles.lab?.baseUrl).toBe('http://127.0.0.1:1');
  });

  it('accepts a byte-order mark before the JSON', () => {
    const path = file(`\ufeff${JSON.stringify({ profiles: { lab: { baseUrl: 'http://127.0.0.1:1' } } })}`);
    expect(loadConfig(path, { explicit: true, actions: KEYMAP_VOCABULARY })?.config.profiles.lab).toBeDefined();
  });
});

describe('what an error says', () => {
  it('gives a line and column for bad JSON, and never the file content (a linked shadow file)', () => {
    const shadow = file(SHADOW);
    const link = join(dir, 'shadow-link.json');
    symlinkSync(shadow, link);
    const message = refusal(link);
    expect(message).toBe(`${link}: not valid JSON at line 1, column 1`);
    expect(message).not.toMatch(/root|\$6\$|Hash/);
  });

  it('points at the error inside a file', () => {
    const path = file('{\n  "profiles": {\n    "a": { "baseUrl": "http://x", }\n  }\n}\n');
    expect(refusal(path)).toBe(`${path}: not valid JSON at line 3, column 35`);
    const cut = file('{"profiles": {"a": {"baseUrl": "http://x"');
    expect(refusal(cut)).toBe(`${cut}: not valid JSON at line 1, column 42 (the file ends too early)`);
  });

  it('puts no escape sequence from the file in the message', () => {
    const path = file(JSON.stringify({ profiles: {}, '\u001b]0;owned\u0007\u001b[2Jkey\u009b31m': 1, defaultProfile: '\u001b[31mred' }));
    const message = refusal(path);
    expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(message).toContain('unknown field');
  });
});

describe('jsonErrorAt', () => {
  const valid = ['{}', '[]', ' {"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"]} ', '"s"', '0', '[{"a":{}}]'];
  const invalid: [string, number][] = [
    ['', 0],
    ['{', 1],
    ['{"a" 1}', 5],
    ['{"a":1,}', 7],
    ['[1,]', 3],
    ['[1 2]', 3],
    ['{"a":01}', 6],
    ['{"a":-}', 5],
    ['"tab\there"', 4],
    ['"bad \\x"', 6],
    ['"\\u12G4"', 2],
    ['nul', 0],
    ['{} x', 3],
    ['root:$6$hash', 0],
  ];

  it.each(valid)('finds nothing wrong in %j (as JSON.parse)', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonErrorAt(text)).toBeUndefined();
  });

  it.each(invalid)('finds the error in %j at %i (JSON.parse refuses it too)', (text, at) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorAt(text)).toBe(at);
  });

  it('walks 100,000 nested brackets without overflowing the stack', () => {
    expect(jsonErrorAt('['.repeat(100_000))).toBe(100_000);
    expect(jsonErrorAt(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined();
  });

  it('turns offsets into lines and columns', () => {
    expect(lineAndColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\ncd\nef', 8)).toEqual({ line: 3, column: 3 });
  });
});
