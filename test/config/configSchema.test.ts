// @module-tag cli
// `openim-explorer config-schema` prints the config file's JSON Schema, generated from the
// definition the validator parses with (config/configSchema.ts): README's examples conform to it,
// the schema and the validator agree on good and bad files, and the explorer, the scripting
// commands and `:profile` refuse a bad file in the same words, every problem at once.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, startDemoServer } from 'openim-demo-server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/config/args.js';
import { loadConfig, resolveProfile } from '../../src/config/profiles.js';
import { validateConfig } from '../../src/config/validate.js';
import { KEYMAP_VOCABULARY } from '../../src/keys/effective.js';
import { choosableFields } from '../../src/lists/columnChoice.js';
import { LIST_COMMANDS, LIST_KINDS, LIST_NAMES } from '../../src/lists/names.js';
import { assertBuilt, runCli } from '../support/runCli.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';
import { schemaProblems } from './jsonSchemaSubset.js';

assertBuilt();
const dir = mkdtempSync(join(tmpdir(), 'oie-schema-'));
let n = 0;
function configFile(text: string): string {
  const path = join(dir, `config-${++n}.json`);
  writeFileSync(path, text);
  chmodSync(path, 0o600);
  return path;
}

/** The words the validator refuses the file with (fails the test when it takes the file). */
function refusal(text: string): string {
  try {
    loadConfig(configFile(text), { explicit: true, actions: KEYMAP_VOCABULARY });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('the validator took the file');
}

let app: App | undefined;
afterEach(() => {
  app?.kill();
  app = undefined;
});

type Schema = Record<string, unknown>;
let schema: Schema;
const at = (path: string): Schema => path.split('.').reduce((s, key) => s[key] as Schema, schema);

beforeAll(async () => {
  const r = await runCli(['config-schema']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  schema = JSON.parse(r.stdout) as Schema;
});

describe('config-schema', () => {
  it('prints a draft 2020-12 schema naming the actions, the lists and their fields as enums', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(at('properties.keys.propertyNames.enum')).toEqual(KEYMAP_VOCABULARY.names);
    expect(at('properties.keys.propertyNames.enum')).toContain('nextPage');
    expect(at('properties.columns.propertyNames.enum')).toEqual(LIST_COMMANDS);
    for (const kind of LIST_KINDS) {
      expect(at(`properties.columns.properties.${LIST_NAMES[kind].command}.items.enum`), kind).toEqual(choosableFields(kind));
    }
    expect(at('properties.theme.enum')).toEqual(['dark', 'light']);
  });

  it("describes each profile field (an editor shows it while the operator types)", () => {
    const fields = at('properties.profiles.additionalProperties.properties');
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['baseUrl', 'secretEnv', 'tokenEnv', 'timeout', 'pageSize', 'watch', 'label', 'color']));
    for (const [name, field] of Object.entries(fields)) expect((field as Schema).description, name).toMatch(/\w{3}/);
    expect(at('properties.profiles.additionalProperties.required')).toEqual(['baseUrl']);
  });

  it("README's config examples conform to it, and the validator takes them", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const examples = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as unknown).filter((j) => JSON.stringify(j).includes('"profiles"'));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      expect(schemaProblems(schema, example)).toEqual([]);
      expect(validateConfig(example, KEYMAP_VOCABULARY)).toMatchObject({ ok: true });
    }
  });
});

describe('the schema and the validator agree', () => {
  const good = '"profiles":{"p":{"baseUrl":"http://x:1"}}';
  it.each([
    [`{${good}}`],
    [`{"$schema":"./schema.json",${good}}`],
    [`{${good},"defaultProfile":"p","theme":"light"}`],
    [`{${good},"keys":{"nextPage":["x","ctrl+f"]},"columns":{"users":["userID","createTime"],"blacklist":["blackUserInfo.userID"]}}`],
    ['{"profiles":{"constructor":{"baseUrl":"https://im.example.org/api","secretEnv":"S","pageSize":50,"watch":5,"label":"PROD","color":"red"}}}'],
  ])('both take %s', (text) => {
    expect(schemaProblems(schema, JSON.parse(text))).toEqual([]);
    expect(loadConfig(configFile(text), { explicit: true, actions: KEYMAP_VOCABULARY })).toBeDefined();
  });

  it.each([
    ['an unknown action', `{${good},"keys":{"nextPag":["x"]}}`, 'keys: unknown action "nextPag" (did you mean nextPage?)'],
    ['an unknown action given no list', `{${good},"keys":{"nextPag":5}}`, 'keys: unknown action "nextPag"'],
    ['a list given no list of fields', `{${good},"columns":{"users":"userID"}}`, 'columns.users: must be a list of field names'],
    ['an action with no key', `{${good},"keys":{"reload":[]}}`, 'keys: reload: give at least one key'],
    ['an unknown list', `{${good},"columns":{"usres":["userID"]}}`, 'columns: unknown list "usres" (lists: '],
    ['an unknown field', `{${good},"columns":{"users":["faceURL"]}}`, 'columns: users: unknown field "faceURL" (fields: userID, '],
    ['a bad theme', `{${good},"theme":"solarized"}`, 'theme: must be "dark" or "light"'],
    ['an unknown field of the file', `{${good},"colour":"red"}`, 'colour: unknown field'],
    ['an unknown field of a profile', '{"profiles":{"p":{"baseUrl":"http://x:1","baseURL":"http://y"}}}', 'profile "p": baseURL: unknown field'],
    ['a page size that is no whole number', '{"profiles":{"p":{"baseUrl":"http://x:1","pageSize":2.5}}}', 'profile "p": pageSize: must be a whole number from 1 to 1000'],
    ['__proto__ as an action', `{${good},"keys":{"__proto__":["x"]}}`, 'keys: "__proto__" is not an action (every object has this name)'],
    ['__proto__ as a list', `{${good},"columns":{"__proto__":["userID"]}}`, 'columns: "__proto__" is not a list (every object has this name)'],
    ['__proto__ as a field', `{${good},"__proto__":{"theme":"light"}}`, '"__proto__" is not a field (every object has this name)'],
    ['__proto__ as a profile', '{"profiles":{"__proto__":{"baseUrl":"http://x:1"}}}', 'profiles: "__proto__" is not a profile (every object has this name)'],
  ])('both refuse %s', (_what, text, words) => {
    expect(schemaProblems(schema, JSON.parse(text))).not.toEqual([]);
    expect(refusal(text)).toContain(words);
  });

  it('the validator says every problem at once, each with its place in the file', () => {
    const text = '{"profiles":{"p":{"baseUrl":"ftp://x","timeout":0}},"theme":"blue","keys":{"nextPag":["x"]},"columns":{"users":["faceURL"]}}';
    const words = refusal(text);
    for (const part of ['profile "p": baseUrl: must be an http(s) URL', 'profile "p": timeout: must be from 0.1 to 600 seconds', 'theme: must be "dark" or "light"', 'keys: unknown action "nextPag"', 'columns: users: unknown field "faceURL"']) {
      expect(words).toContain(part);
    }
    expect(schemaProblems(schema, JSON.parse(text)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('one file, one answer', () => {
  const bad = '{"profiles":{"p":{"baseUrl":"http://127.0.0.1:1"}},"defaultProfile":"p","keys":{"reload":["q"],"nextPag":["x"]},"columns":{"accounts":["nope"]},"theme":"blue"}';
  it('the scripting commands and the explorer, with --demo or a profile, refuse it in the same words, exit 2', async () => {
    const path = configFile(bad);
    const runs = await Promise.all([['users'], [], ['--demo'], ['accounts', '--demo']].map((argv) => runCli([...argv, '--config', path])));
    const line = runs[0]!.stderr.split('\n')[0];
    expect(line).toBe(
      `openim-explorer: ${path}: theme: must be "dark" or "light"; keys: unknown action "nextPag" (did you mean nextPage?) (help, ?, names each action in brackets); ` +
        `keys: key "q" is bound to both quit and reload; columns: accounts: unknown field "nope" (fields: ${choosableFields('accounts').join(', ')})`,
    );
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(line);
    }
  });

  it('`:profile` in the explorer refuses a file that went bad since the start, on the status line; the old server stays', async () => {
    assertTmux();
    const demo = await startDemoServer({ users: 20 });
    try {
      const profiles = { a: { baseUrl: demo.url, secretEnv: 'OIE_SECRET' }, b: { baseUrl: demo.url, secretEnv: 'OIE_SECRET' } };
      const path = configFile(JSON.stringify({ profiles }));
      app = startApp({ cols: 200, args: ['--config', path, '--profile', 'a', '--still'], env: { OIE_SECRET: DEMO.secret } });
      await app.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of/.test(s));
      writeFileSync(path, JSON.stringify({ profiles, keys: { nextPag: ['x'] } }));
      app.type(':profile b');
      app.send('Enter');
      const screen = await app.waitFor('keys: unknown action "nextPag" (did you mean nextPage?)');
      expect(screen.split('\n')[0]).toContain('profile a');
    } finally {
      await demo.close();
    }
  }, 30_000);

  it('`:profile` refuses it in the same words', () => {
    const path = configFile(bad);
    const start = refusal(bad).replace(/^[^:]*: /, '');
    expect(() => resolveProfile(parseCliArgs(['--config', path], {}), {}, KEYMAP_VOCABULARY, 'p')).toThrow(`${path}: ${start}`);
  });
});

describe('config-schema runs no UI', () => {
  const uiLog = fileURLToPath(new URL('../support/uiLog.mjs', import.meta.url));

  it('prints the schema without running a line of the UI (as --help does): Yoga is never compiled', async () => {
    const log = join(dir, 'ui-schema.log');
    writeFileSync(log, '');
    const r = await runCli(['config-schema'], { OIE_UI_LOG: log, NODE_OPTIONS: `--import ${uiLog}` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('$schema');
    expect(readFileSync(log, 'utf8')).toBe('');
  });

  it('the same log sees the explorer run its UI', async () => {
    const log = join(dir, 'ui-explorer.log');
    writeFileSync(log, '');
    app = startApp({ cols: 100, rows: 24, args: ['--demo', '--still'], env: { OIE_UI_LOG: log, NODE_OPTIONS: `--import ${uiLog}` } });
    await app.waitFor('user_000001');
    expect(readFileSync(log, 'utf8')).toMatch(/^WebAssembly\./);
  }, 30_000);
});
