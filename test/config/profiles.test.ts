// Profiles: the file's validation (every error names the profile and the field), the refusal of a
// secret-holding file that others can read, the connection from one place (the rule itself is
// connection.ts's, tested in connection.test.ts) and the profile's other settings under the flags.
import { chmodSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/config/args.js';
import { defaultConfigPath, loadConfig, resolveProfile } from '../../src/config/profiles.js';
import { KEYMAP_VOCABULARY } from '../../src/keys/effective.js';

const dir = mkdtempSync(join(tmpdir(), 'oie-profiles-'));
let n = 0;
function configFile(content: unknown, mode = 0o600): string {
  const path = join(dir, `config-${++n}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  chmodSync(path, mode);
  return path;
}

const GOOD = {
  defaultProfile: 'staging',
  profiles: {
    staging: { baseUrl: 'http://staging:10002/', secretEnv: 'STAGING_SECRET', adminUserID: 'ops', timeout: 3, pageSize: 50 },
    prod: { baseUrl: 'https://im.example.org/api', tokenEnv: 'PROD_TOKEN' },
    inline: { baseUrl: 'http://10.0.0.5:10002', secret: 'openIM123' },
  },
};

function resolve(argv: string[], env: NodeJS.ProcessEnv) {
  return resolveProfile(parseCliArgs(argv, env), env, KEYMAP_VOCABULARY);
}

describe('config file location', () => {
  it('is under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/openim-explorer/config.json');
    expect(defaultConfigPath({})).toMatch(/\/\.config\/openim-explorer\/config\.json$/);
  });

  it('is optional at the default place, required when given with --config', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'oie-xdg-'));
    const o = resolve(['--base-url', 'http://x:1'], { XDG_CONFIG_HOME: xdg });
    expect(o.profile).toBeUndefined();
    expect(o.connection?.baseUrl).toBe('http://x:1');
    expect(() => resolve(['--config', join(xdg, 'missing.json')], {})).toThrow(/missing\.json: no such config file/);
  });

  it('is found at $XDG_CONFIG_HOME/openim-explorer/config.json', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'oie-xdg-'));
    mkdirSync(join(xdg, 'openim-explorer'));
    writeFileSync(join(xdg, 'openim-explorer', 'config.json'), JSON.stringify(GOOD), { mode: 0o600 });
    const o = resolve([], { XDG_CONFIG_HOME: xdg, STAGING_SECRET: 's3' });
    expect(o.profile).toBe('staging');
    expect(o.connection?.baseUrl).toBe('http://staging:10002');
  });
});

describe('the connection from one place; the profile\'s other settings under the flags', () => {
  const path = configFile(GOOD);

  it('uses the default profile, reading secrets from the variables it names', () => {
    const o = resolve(['--config', path], { STAGING_SECRET: 'from-env-var' });
    expect(o).toMatchObject({ profile: 'staging', timeoutMs: 3000, pageSize: 50 });
    expect(o.connection).toEqual({ baseUrl: 'http://staging:10002', secret: 'from-env-var', adminUserID: 'ops', profile: 'staging' });
  });

  it('--profile picks another profile; built-in defaults fill what it leaves out', () => {
    const o = resolve(['--config', path, '--profile', 'prod'], { PROD_TOKEN: 'tok' });
    expect(o).toMatchObject({ profile: 'prod', timeoutMs: 10_000 });
    expect(o.connection).toEqual({ baseUrl: 'https://im.example.org/api', token: 'tok', adminUserID: 'imAdmin', profile: 'prod' });
    expect(o.pageSize).toBeUndefined(); // fits the terminal
  });

  it("the environment's server replaces the default profile whole: none of its settings apply", () => {
    const o = resolve(['--config', path], {
      STAGING_SECRET: 's',
      OPENIM_BASE_URL: 'http://env:1',
      OPENIM_SECRET: 'env-secret',
      OPENIM_ADMIN_USER_ID: 'envadmin',
    });
    expect(o.connection).toEqual({ baseUrl: 'http://env:1', secret: 'env-secret', adminUserID: 'envadmin' });
    expect(o).toMatchObject({ timeoutMs: 10_000 });
    expect(o.profile).toBeUndefined();
    expect(o.pageSize).toBeUndefined();
  });

  it('flags beat the environment and the profile', () => {
    const o = resolve(
      ['--config', path, '--base-url', 'http://flag:1', '--secret', 'flag-secret', '--timeout', '7', '--page-size', '10', '--admin-user-id', 'flagadmin'],
      { STAGING_SECRET: 's', OPENIM_BASE_URL: 'http://env:1', OPENIM_SECRET: 'env-secret' },
    );
    expect(o.connection).toEqual({ baseUrl: 'http://flag:1', secret: 'flag-secret', adminUserID: 'flagadmin' });
    expect(o).toMatchObject({ timeoutMs: 7000, pageSize: 10 });
  });

  it("the profile's settings apply when its server is the one in force, under the flags", () => {
    const o = resolve(['--config', path, '--base-url', 'http://STAGING:10002/', '--page-size', '10'], { STAGING_SECRET: 's' });
    expect(o).toMatchObject({ profile: 'staging', timeoutMs: 3000, pageSize: 10 });
    expect(o.connection).toEqual({ baseUrl: 'http://staging:10002', secret: 's', adminUserID: 'ops', profile: 'staging' });
  });

  it("the profile's watch starts the live view at its interval; --watch beats it", () => {
    const file = configFile({ profiles: { live: { baseUrl: 'http://x:1', watch: 2 } } });
    expect(resolve(['--config', file, '--profile', 'live'], {}).watchMs).toBe(2000);
    expect(resolve(['--config', file, '--profile', 'live', '--watch', '30'], {}).watchMs).toBe(30_000);
    expect(resolve(['--config', path], { STAGING_SECRET: 's' }).watchMs).toBeUndefined();
  });

  it("a secret typed as a flag goes to the profile's server; one in the environment never does", () => {
    expect(resolve(['--config', path, '--secret', 'typed'], {}).connection).toMatchObject({ baseUrl: 'http://staging:10002', secret: 'typed' });
    // OPENIM_SECRET is not staging's: staging's own variable is asked for.
    expect(() => resolve(['--config', path], { OPENIM_SECRET: 'env-secret' })).toThrow(
      `${path}: profile "staging": secretEnv: environment variable STAGING_SECRET is not set`,
    );
  });

  it('OPENIM_PROFILE picks a profile when --profile does not', () => {
    expect(resolve(['--config', path], { OPENIM_PROFILE: 'inline' }).profile).toBe('inline');
    expect(resolve(['--config', path, '--profile', 'prod'], { OPENIM_PROFILE: 'inline', PROD_TOKEN: 't' }).profile).toBe('prod');
  });

  it('a profile asked for whose server is not the one named by the environment is refused, both named', () => {
    expect(() => resolve(['--config', path, '--profile', 'inline'], { OPENIM_BASE_URL: 'http://other:10002' })).toThrow(
      'profile "inline" (--profile) is http://10.0.0.5:10002, but OPENIM_BASE_URL is http://other:10002; ' +
        "the profile's credentials go only to its own server: unset OPENIM_BASE_URL to use the profile, " +
        'or give the credentials for http://other:10002 with OPENIM_TOKEN or OPENIM_SECRET',
    );
    // With the environment's own credentials, the environment's server is used and the profile is not.
    const o = resolve(['--config', path], { OPENIM_PROFILE: 'inline', OPENIM_BASE_URL: 'http://other:10002', OPENIM_TOKEN: 't' });
    expect(o.connection).toEqual({ baseUrl: 'http://other:10002', token: 't', adminUserID: 'imAdmin' });
    expect(o.profile).toBeUndefined();
  });

  it('switching inside the app takes the connection from the profile alone, but keeps flag timeouts', () => {
    const env = { OPENIM_BASE_URL: 'http://env:1', OPENIM_TOKEN: 'env-token', PROD_TOKEN: 'prod-token' };
    const parsed = parseCliArgs(['--config', path, '--timeout', '9', '--secret', 'flag-secret', '--ca-file', '/x.pem'], env);
    const o = resolveProfile(parsed, env, KEYMAP_VOCABULARY, 'prod');
    expect(o).toMatchObject({ profile: 'prod', timeoutMs: 9000 });
    expect(o.connection).toEqual({ baseUrl: 'https://im.example.org/api', token: 'prod-token', adminUserID: 'imAdmin', profile: 'prod' });
  });
});

describe('errors name the file, the profile and the field (exit code 2)', () => {
  function errorOf(content: unknown, argv: string[] = [], env: NodeJS.ProcessEnv = {}): string {
    const path = configFile(content);
    try {
      resolve(['--config', path, ...argv], env);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      const message = (error as Error).message;
      expect(message.startsWith(`${path}: `)).toBe(true);
      expect(message).not.toContain('\n');
      return message.slice(path.length + 2);
    }
    throw new Error('no error');
  }

  it.each([
    [{ profiles: { prod: { baseUrl: 'ftp://x' } } }, 'profile "prod": baseUrl: must be an http(s) URL'],
    [{ profiles: { prod: { baseUrl: 'not a url' } } }, 'profile "prod": baseUrl: must be an http(s) URL'],
    [{ profiles: { prod: {} } }, 'profile "prod": baseUrl: must be an http(s) URL'],
    [{ profiles: { prod: { baseUrl: 'http://x:1/a\u001b[201~\u0015id\nb' } } }, 'profile "prod": baseUrl: must not hold control characters'],
    [{ profiles: { prod: { baseUrl: 'http://x:1/\n' } } }, 'profile "prod": baseUrl: must not hold control characters'],
    [{ profiles: { prod: { baseUrl: "http://x:1/'\u007f;id" } } }, 'profile "prod": baseUrl: must not hold control characters'],
    [{ profiles: { prod: { baseUrl: 'http://x:1/\u0085' } } }, 'profile "prod": baseUrl: must not hold control characters'],
    [{ profiles: { prod: { baseUrl: 'http://x', pageSize: 0 } } }, 'profile "prod": pageSize: must be a whole number from 1 to 1000'],
    [{ profiles: { prod: { baseUrl: 'http://x', pageSize: 2.5 } } }, 'profile "prod": pageSize: must be a whole number from 1 to 1000'],
    [{ profiles: { prod: { baseUrl: 'http://x', timeout: '10' } } }, 'profile "prod": timeout: must be a number of seconds'],
    [{ profiles: { prod: { baseUrl: 'http://x', timeout: 0 } } }, 'profile "prod": timeout: must be from 0.1 to 600 seconds'],
    [{ profiles: { prod: { baseUrl: 'http://x', watch: 0.5 } } }, 'profile "prod": watch: must be from 1 to 3600 seconds'],
    [{ profiles: { prod: { baseUrl: 'http://x', watch: '5' } } }, 'profile "prod": watch: must be a number of seconds'],
    [{ profiles: { prod: { baseUrl: 'http://x', tokenEnv: 'A-B' } } }, 'profile "prod": tokenEnv: must be the name of an environment variable'],
    [{ profiles: { prod: { baseUrl: 'http://x', token: 'a', tokenEnv: 'B' } } }, 'profile "prod": tokenEnv: give token or tokenEnv, not both'],
    [{ profiles: { prod: { baseUrl: 'http://x', secret: '' } } }, 'profile "prod": secret: must be a non-empty string'],
    [{ profiles: { prod: { baseUrl: 'http://x', baseURL: 'http://y' } } }, 'profile "prod": baseURL: unknown field'],
    [{ profiles: { 'p r': { baseUrl: 'http://x' } } }, 'profile "p r": bad profile name'],
    [{ profiles: [] }, 'profiles: must be an object of named profiles'],
    [{ defaultProfile: 'zz', profiles: {} }, 'defaultProfile: no profile named "zz"'],
    [{ profiles: {}, colour: true }, 'colour: unknown field'],
    ['{"profiles": {', 'not valid JSON'],
  ])('%j', (content, expected) => {
    expect(errorOf(content)).toContain(expected);
  });

  it('lists several problems on one line', () => {
    const message = errorOf({ profiles: { a: { baseUrl: 'x' }, b: { baseUrl: 'http://x', pageSize: 5000 } } });
    expect(message).toContain('profile "a": baseUrl:');
    expect(message).toContain('profile "b": pageSize:');
  });

  it('names the profile and field of a variable that is not set', () => {
    expect(errorOf({ profiles: { prod: { baseUrl: 'http://x', secretEnv: 'NOPE_SECRET' } } }, ['--profile', 'prod'])).toBe(
      'profile "prod": secretEnv: environment variable NOPE_SECRET is not set',
    );
  });

  it('names the profiles there are when asked for one that is not', () => {
    expect(errorOf(GOOD, ['--profile', 'qa'])).toBe('no profile named "qa" (profiles: staging, prod, inline)');
  });

  it('--profile without a config file says so', () => {
    const xdg = mkdtempSync(join(tmpdir(), 'oie-xdg-'));
    expect(() => resolve(['--profile', 'prod'], { XDG_CONFIG_HOME: xdg })).toThrow(/profile "prod": there is no config file/);
  });
});

describe('a file that holds a secret must be private', () => {
  // 0660 and the like: others could write it, refused whatever it holds (configFile.test.ts).
  it.each([0o644, 0o640, 0o604])('refuses mode %o like ssh does', (mode) => {
    const path = configFile(GOOD, mode);
    const octal = mode.toString(8).padStart(4, '0');
    expect(() => loadConfig(path, { explicit: true, actions: KEYMAP_VOCABULARY })).toThrow(
      `${path} holds a secret and is readable by others (mode ${octal}); run chmod 600 ${path}`,
    );
  });

  it('accepts 0600 and 0400', () => {
    expect(loadConfig(configFile(GOOD, 0o600), { explicit: true, actions: KEYMAP_VOCABULARY })?.config.profiles.inline?.secret).toBe('openIM123');
    expect(loadConfig(configFile(GOOD, 0o400), { explicit: true, actions: KEYMAP_VOCABULARY })).toBeDefined();
  });

  it('lets others read a file that only names variables', () => {
    const { inline: _inline, ...profiles } = GOOD.profiles;
    const path = configFile({ profiles }, 0o644);
    expect(loadConfig(path, { explicit: true, actions: KEYMAP_VOCABULARY })?.config.profiles.prod?.tokenEnv).toBe('PROD_TOKEN');
  });

  it('a token counts as a secret', () => {
    const path = configFile({ profiles: { p: { baseUrl: 'http://x', token: 'eyJ' } } }, 0o644);
    expect(() => loadConfig(path, { explicit: true, actions: KEYMAP_VOCABULARY })).toThrow(/holds a secret and is readable by others \(mode 0644\)/);
  });
});

describe('profile names are looked up among the file\'s own profiles only', () => {
  const INHERITED = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
  const path = configFile(GOOD);
  const unknown = (name: string) => `${path}: no profile named ${JSON.stringify(name)} (profiles: staging, prod, inline)`;

  it.each(INHERITED)('--profile %s is an unknown profile, with the list of profiles', (name) => {
    expect(() => resolve(['--config', path, '--profile', name], {})).toThrow(UsageError);
    expect(() => resolve(['--config', path, '--profile', name], {})).toThrow(unknown(name));
  });

  it.each(INHERITED)('OPENIM_PROFILE=%s too', (name) => {
    expect(() => resolve(['--config', path], { OPENIM_PROFILE: name })).toThrow(unknown(name));
  });

  it.each(INHERITED)(':profile %s too (switching inside the app)', (name) => {
    expect(() => resolveProfile(parseCliArgs(['--config', path], {}), {}, KEYMAP_VOCABULARY, name)).toThrow(unknown(name));
  });

  it.each(INHERITED)('defaultProfile %s is a config error naming the profiles', (name) => {
    const file = configFile({ defaultProfile: name, profiles: { lab: { baseUrl: 'http://127.0.0.1:1' } } });
    expect(() => resolve(['--config', file], {})).toThrow(`${file}: defaultProfile: no profile named ${JSON.stringify(name)} (profiles: lab)`);
  });

  it('a profile really named like an inherited property still works', () => {
    const file = configFile({ defaultProfile: 'constructor', profiles: { constructor: { baseUrl: 'http://ctor:1' }, valueOf: { baseUrl: 'http://v:1' } } });
    expect(resolve(['--config', file], {}).connection?.baseUrl).toBe('http://ctor:1');
    expect(resolve(['--config', file, '--profile', 'valueOf'], {}).connection?.baseUrl).toBe('http://v:1');
    expect(() => resolve(['--config', file, '--profile', 'toString'], {})).toThrow('(profiles: constructor, valueOf)');
  });
});

describe('a profile\'s baseUrl with a user name or password', () => {
  it('is refused, naming the host and not the password', () => {
    const path = configFile({ profiles: { prod: { baseUrl: 'http://admin:S3cr3tPw@im.example.org:10002/api', secretEnv: 'S' } } });
    let message = '';
    try {
      resolve(['--config', path, '--profile', 'prod'], { S: 'x' });
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      message = (error as Error).message;
    }
    expect(message).toBe(
      `${path}: profile "prod": baseUrl: must not hold a user name or password (host im.example.org:10002); put the secret in secret or secretEnv`,
    );
    expect(message).not.toMatch(/S3cr3tPw|admin/);
  });

  it('is refused with a user name alone too', () => {
    const path = configFile({ profiles: { prod: { baseUrl: 'https://root@im.example.org' } } });
    expect(() => resolve(['--config', path], {})).toThrow('must not hold a user name or password (host im.example.org)');
  });
});
