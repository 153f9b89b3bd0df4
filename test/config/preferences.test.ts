// The config file's preferences: keys (in the keymap's words), columns (in the lists'), theme, and a
// profile's label and colour; with --demo only the keys, columns and theme are read.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/config/args.js';
import { loadConfig, resolveDemoPreferences, resolveProfile } from '../../src/config/profiles.js';
import { KEYMAP_VOCABULARY } from '../../src/keys/effective.js';

const dir = mkdtempSync(join(tmpdir(), 'oie-prefs-'));
let n = 0;
function configFile(content: unknown): string {
  const path = join(dir, `config-${++n}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  chmodSync(path, 0o600);
  return path;
}
const profiles = { prod: { baseUrl: 'https://im.example.org', secret: 's', label: 'PROD-EU', color: 'red' }, dev: { baseUrl: 'http://dev:1', secret: 's' } };

function refusal(content: unknown): string {
  try {
    loadConfig(configFile(content), { explicit: true, actions: KEYMAP_VOCABULARY });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('preferences in the config file', () => {
  it('carries keys, theme and the profile label to the options', () => {
    const path = configFile({ profiles, keys: { nextPage: ['x', 'ctrl+f'] }, theme: 'light' });
    const o = resolveProfile(parseCliArgs(['--config', path, '--profile', 'prod'], {}), {}, KEYMAP_VOCABULARY);
    expect(o.preferences).toEqual({ path, keys: { nextPage: ['x', 'ctrl+f'] }, theme: 'light', label: 'PROD-EU', labelColor: 'red' });
    const dev = resolveProfile(parseCliArgs(['--config', path, '--profile', 'dev'], {}), {}, KEYMAP_VOCABULARY);
    expect(dev.preferences).toEqual({ path, keys: { nextPage: ['x', 'ctrl+f'] }, theme: 'light' });
  });

  it('without a profile, still the keys and theme', () => {
    const path = configFile({ profiles: {}, theme: 'dark' });
    expect(resolveProfile(parseCliArgs(['--config', path, '--base-url', 'http://x:1'], {}), {}, KEYMAP_VOCABULARY).preferences).toEqual({ path, theme: 'dark' });
  });

  it.each([
    [{ theme: 'solarized' }, 'theme: must be "dark" or "light"'],
    [{ keys: ['x'] }, 'keys: must be an object of action names to lists of keys'],
    [{ keys: { nextPage: 'x' } }, 'keys.nextPage: must be a list of key names'],
    [{ keys: { nextPage: [1] } }, 'keys.nextPage.0: must be a key name'],
    [{ columns: ['userID'] }, 'columns: must be an object of list names to lists of field names'],
    [{ columns: { users: 'userID' } }, 'columns.users: must be a list of field names'],
  ])('refuses %j in one line naming the field', (extra, message) => {
    const text = refusal({ profiles, ...extra });
    expect(text).toContain(message);
    expect(text).not.toContain('\n');
  });

  it.each([
    [{ color: 'pink' }, 'profile "p": color: must be one of red, green, yellow, blue, magenta, cyan, white, gray'],
    [{ label: '' }, 'profile "p": label: must be a short text'],
    [{ label: 'X'.repeat(25) }, 'profile "p": label: must be at most 24 characters'],
    [{ label: 'PROD\u001b[2J' }, 'profile "p": label: must not hold control characters'],
  ])('refuses a profile with %j', (extra, message) => {
    expect(refusal({ profiles: { p: { baseUrl: 'http://x:1', ...extra } } })).toContain(message);
  });
});

describe('--demo', () => {
  it('reads the keys and theme, not the profiles (a broken profile does not stand in the way)', () => {
    const path = configFile({ profiles: { p: { baseUrl: 'not a url' } }, keys: { reload: ['R'] }, theme: 'light' });
    const o = resolveDemoPreferences(parseCliArgs(['--demo', '--config', path], {}), {}, KEYMAP_VOCABULARY);
    expect(o.preferences).toEqual({ path, keys: { reload: ['R'] }, theme: 'light' });
    expect(o.connection).toBeUndefined();
  });

  it('checks the columns with --demo as without: the same file is refused in the same words', () => {
    const path = configFile({ profiles: { p: { baseUrl: 'not a url' } }, columns: { users: ['userID', 'createTime'], nope: ['x'] } });
    const words = 'columns: unknown list "nope" (lists: ';
    expect(() => resolveDemoPreferences(parseCliArgs(['--demo', '--config', path], {}), {}, KEYMAP_VOCABULARY)).toThrow(`${path}: ${words}`);
    const good = configFile({ profiles: {}, columns: { users: ['userID', 'createTime'], nope: ['x'] } });
    expect(() => resolveProfile(parseCliArgs(['--config', good, '--base-url', 'http://x:1'], {}), {}, KEYMAP_VOCABULARY)).toThrow(`${good}: ${words}`);
    const chosen = configFile({ profiles: { p: { baseUrl: 'not a url' } }, columns: { users: ['userID', 'createTime'] } });
    const o = resolveDemoPreferences(parseCliArgs(['--demo', '--config', chosen], {}), {}, KEYMAP_VOCABULARY);
    expect(o.preferences).toEqual({ path: chosen, columns: { users: ['userID', 'createTime'] } });
  });

  it('refuses a wrong theme or keys there too', () => {
    const path = configFile({ profiles: {}, theme: 7 });
    expect(() => resolveDemoPreferences(parseCliArgs(['--demo', '--config', path], {}), {}, KEYMAP_VOCABULARY)).toThrow(`${path}: theme: must be "dark" or "light"`);
  });

  it('ignores a missing or unreadable file at the default place', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'oie-xdg-'));
    expect(resolveDemoPreferences(parseCliArgs(['--demo'], {}), { XDG_CONFIG_HOME: xdg }, KEYMAP_VOCABULARY).preferences).toEqual({});
  });
});

describe('names every object has', () => {
  // JSON text: in an object literal, `__proto__:` sets the prototype and no key (zod drops it too).
  it.each([
    ['"keys":{"__proto__":["x"]}', 'keys: "__proto__" is not an action (every object has this name)'],
    ['"keys":{"hasOwnProperty":["x"]}', 'keys: "hasOwnProperty" is not an action (every object has this name)'],
    ['"columns":{"constructor":["userID"]}', 'columns: "constructor" is not a list (every object has this name)'],
    ['"constructor":1', '"constructor" is not a field (every object has this name)'],
    ['"theme":"dark","__proto__":{"theme":"light"}', '"__proto__" is not a field (every object has this name)'],
  ])('%s: refused in one line', (part, message) => {
    const path = configFile(`{"profiles":{"p":{"baseUrl":"http://x:1"}},${part}}`);
    expect(() => loadConfig(path, { explicit: true, actions: KEYMAP_VOCABULARY })).toThrow(`${path}: ${message}`);
  });

  it('in a profile: a field named so is refused; a profile named __proto__ too (other names every object has are profiles like any)', () => {
    expect(refusal('{"profiles":{"p":{"baseUrl":"http://x:1","__proto__":{"secret":"s"}}}}')).toBe(
      `${join(dir, `config-${n}.json`)}: profile "p": "__proto__" is not a field (every object has this name)`,
    );
    expect(refusal('{"profiles":{"__proto__":{"baseUrl":"http://x:1"}}}')).toMatch(/profiles: "__proto__" is not a profile \(every object has this name\)$/);
    const profilesOf = loadConfig(configFile('{"profiles":{"valueOf":{"baseUrl":"http://x:1"}}}'), { explicit: true, actions: KEYMAP_VOCABULARY })?.config.profiles;
    expect(Object.entries(profilesOf ?? {})).toEqual([['valueOf', { baseUrl: 'http://x:1' }]]);
  });
});
