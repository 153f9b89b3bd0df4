// The one rule of where a connection comes from (src/config/connection.ts), over the matrix of
// places: the flags, the environment and the profile, each naming a URL or not, each with
// credentials or not, the profile named on purpose or the file's default. Pure: the environment
// the profile's tokenEnv/secretEnv read is handed in.
import { describe, expect, it } from 'vitest';
import { resolveConnection, type ConnectionSources, type GivenConnection, type ProfileConnection } from '../../src/config/connection.js';
import { UsageError } from '../../src/config/args.js';

const A = 'http://127.0.0.1:18001';
const B = 'http://127.0.0.1:18002';
const SECRETS = ['flag-secret', 'flag-token', 'env-secret', 'env-token', 'lab-secret', 'lab-token'];

function lab(extra: Partial<ProfileConnection> = {}): ProfileConnection {
  return { name: 'lab', where: '/c.json: profile "lab"', baseUrl: A, secretEnv: 'LAB_SECRET', adminUserID: 'ops', caFile: '/lab-ca.pem', ...extra };
}
const ENV = { LAB_SECRET: 'lab-secret' };

function resolve(flags: GivenConnection, environment: GivenConnection, profile?: ProfileConnection, env: NodeJS.ProcessEnv = ENV) {
  const sources: ConnectionSources = { flags, environment, ...(profile ? { profile } : {}) };
  return resolveConnection(sources, env);
}

/** The refusal's message; it must be one line and hold no secret. */
function refusal(flags: GivenConnection, environment: GivenConnection, profile?: ProfileConnection): string {
  try {
    resolve(flags, environment, profile);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    for (const secret of SECRETS) expect(message).not.toContain(secret);
    return message;
  }
  throw new Error('not refused');
}

describe('no URL anywhere', () => {
  it('is no connection, whatever credentials there are', () => {
    expect(resolve({ secret: 'flag-secret' }, { token: 'env-token' })).toBeUndefined();
  });
});

describe('the flags and the environment alone', () => {
  it('a flag URL with flag credentials', () => {
    expect(resolve({ baseUrl: A, secret: 'flag-secret' }, {})).toEqual({ baseUrl: A, secret: 'flag-secret', adminUserID: 'imAdmin' });
  });

  it('the environment alone, its admin user included', () => {
    expect(resolve({}, { baseUrl: A, token: 'env-token', adminUserID: 'root' })).toEqual({ baseUrl: A, token: 'env-token', adminUserID: 'root' });
  });

  it('--base-url with OPENIM_SECRET and no OPENIM_BASE_URL: the secret goes to --base-url, as before', () => {
    expect(resolve({ baseUrl: B }, { secret: 'env-secret', adminUserID: 'root' })).toEqual({ baseUrl: B, secret: 'env-secret', adminUserID: 'root' });
  });

  it('OPENIM_BASE_URL with --secret: a secret typed for this run goes to the URL in force', () => {
    expect(resolve({ secret: 'flag-secret' }, { baseUrl: A, token: 'env-token' })).toEqual({ baseUrl: A, secret: 'flag-secret', adminUserID: 'imAdmin' });
  });

  it('--base-url naming the same server as OPENIM_BASE_URL takes its credentials', () => {
    expect(resolve({ baseUrl: A }, { baseUrl: A, secret: 'env-secret' })).toEqual({ baseUrl: A, secret: 'env-secret', adminUserID: 'imAdmin' });
  });

  it("--base-url naming another server than OPENIM_BASE_URL, with only the environment's credentials: refused, both named", () => {
    expect(refusal({ baseUrl: B }, { baseUrl: A, secret: 'env-secret', token: 'env-token' })).toBe(
      `OPENIM_TOKEN and OPENIM_SECRET go only to OPENIM_BASE_URL ${A}, not to --base-url ${B}: give --token or --secret for it, or unset OPENIM_BASE_URL`,
    );
  });

  it("with credentials typed for it, the environment's are left with their server: never a token from one place and a secret from another", () => {
    expect(resolve({ baseUrl: B, token: 'flag-token' }, { baseUrl: A, secret: 'env-secret', adminUserID: 'root' })).toEqual({
      baseUrl: B,
      token: 'flag-token',
      adminUserID: 'imAdmin',
    });
    expect(resolve({ baseUrl: B, token: 'flag-token' }, { secret: 'env-secret' })).toEqual({ baseUrl: B, token: 'flag-token', adminUserID: 'imAdmin' });
  });
});

describe('the profile', () => {
  it('alone: everything from it, its variables read, its CA file and admin user', () => {
    expect(resolve({}, {}, lab())).toEqual({ baseUrl: A, secret: 'lab-secret', adminUserID: 'ops', caFile: '/lab-ca.pem', profile: 'lab' });
  });

  it('its variable not set is an error naming the profile and field', () => {
    expect(() => resolve({}, {}, lab(), {})).toThrow('/c.json: profile "lab": secretEnv: environment variable LAB_SECRET is not set');
  });

  it("OPENIM_SECRET (no OPENIM_BASE_URL) is never sent to the profile's server: the profile's own are", () => {
    expect(resolve({}, { secret: 'env-secret', adminUserID: 'root' }, lab())).toEqual({
      baseUrl: A,
      secret: 'lab-secret',
      adminUserID: 'ops',
      caFile: '/lab-ca.pem',
      profile: 'lab',
    });
  });

  it('OPENIM_SECRET and a profile without credentials: refused, saying how to tie them', () => {
    const bare = lab({ secretEnv: undefined, namedBy: '--profile' });
    expect(refusal({}, { secret: 'env-secret' }, bare)).toBe(
      `OPENIM_SECRET goes only with OPENIM_BASE_URL or --base-url, not to the server of profile "lab" (--profile), ${A}: ` +
        'give the profile its own (e.g. "secretEnv": "OPENIM_SECRET"), or name the server with OPENIM_BASE_URL too',
    );
  });

  it('a token typed as a flag replaces both of the profile\'s credentials', () => {
    expect(resolve({ token: 'flag-token' }, {}, lab({ namedBy: '--profile' }))).toEqual({
      baseUrl: A,
      token: 'flag-token',
      adminUserID: 'ops',
      caFile: '/lab-ca.pem',
      profile: 'lab',
    });
  });

  it("a variable of the profile's that is not set is not read when its credentials are not used", () => {
    expect(resolve({ secret: 'flag-secret' }, {}, lab(), {})).toMatchObject({ secret: 'flag-secret', profile: 'lab' });
  });

  it('the same server named by OPENIM_BASE_URL keeps the profile in force, with the credentials of the first place that gives them', () => {
    expect(resolve({}, { baseUrl: A, token: 'env-token' }, lab({ namedBy: 'OPENIM_PROFILE' }))).toEqual({
      baseUrl: A,
      token: 'env-token',
      adminUserID: 'ops',
      caFile: '/lab-ca.pem',
      profile: 'lab',
    });
    expect(resolve({ baseUrl: A }, {}, lab())).toMatchObject({ secret: 'lab-secret', profile: 'lab' });
  });
});

describe('a profile named on purpose and another server', () => {
  it('OPENIM_BASE_URL and --profile lab disagree, with no credentials of the environment: refused, both named', () => {
    expect(refusal({}, { baseUrl: B }, lab({ namedBy: '--profile' }))).toBe(
      `profile "lab" (--profile) is ${A}, but OPENIM_BASE_URL is ${B}; the profile's credentials go only to its own server: ` +
        `unset OPENIM_BASE_URL to use the profile, or give the credentials for ${B} with OPENIM_TOKEN or OPENIM_SECRET`,
    );
  });

  it('the same from --base-url and OPENIM_PROFILE', () => {
    expect(refusal({ baseUrl: B }, {}, lab({ namedBy: 'OPENIM_PROFILE' }))).toBe(
      `profile "lab" (OPENIM_PROFILE) is ${A}, but --base-url is ${B}; the profile's credentials go only to its own server: ` +
        `leave out --base-url to use the profile, or give the credentials for ${B} with --token or --secret`,
    );
  });

  it('credentials from the place the URL came from: that server, without the profile', () => {
    expect(resolve({}, { baseUrl: B, secret: 'env-secret' }, lab({ namedBy: '--profile' }))).toEqual({ baseUrl: B, secret: 'env-secret', adminUserID: 'imAdmin' });
    expect(resolve({ baseUrl: B, token: 'flag-token' }, {}, lab({ namedBy: 'OPENIM_PROFILE' }))).toEqual({ baseUrl: B, token: 'flag-token', adminUserID: 'imAdmin' });
  });

  it('credentials from another place than the URL: refused', () => {
    // OPENIM_BASE_URL with --secret, and --base-url with OPENIM_SECRET: which server were they for?
    expect(refusal({ secret: 'flag-secret' }, { baseUrl: B }, lab({ namedBy: '--profile' }))).toContain(`profile "lab" (--profile) is ${A}, but OPENIM_BASE_URL is ${B}`);
    expect(refusal({ baseUrl: B }, { secret: 'env-secret' }, lab({ namedBy: '--profile' }))).toContain(`profile "lab" (--profile) is ${A}, but --base-url is ${B}`);
  });
});

describe("the file's defaultProfile and another server", () => {
  it('the default profile gives way: its settings and CA file do not apply', () => {
    expect(resolve({}, { baseUrl: B, token: 'env-token' }, lab())).toEqual({ baseUrl: B, token: 'env-token', adminUserID: 'imAdmin' });
  });

  it('its credentials would be all there is: refused rather than sent elsewhere or silently left out', () => {
    expect(refusal({}, { baseUrl: B }, lab())).toBe(
      `profile "lab" (the defaultProfile) is ${A}, but OPENIM_BASE_URL is ${B}; the profile's credentials go only to its own server: ` +
        `unset OPENIM_BASE_URL to use the profile, or give the credentials for ${B} with OPENIM_TOKEN or OPENIM_SECRET`,
    );
  });

  it('a default profile without credentials simply gives way', () => {
    expect(resolve({}, { baseUrl: B }, lab({ secretEnv: undefined }))).toEqual({ baseUrl: B, adminUserID: 'imAdmin' });
  });
});

describe('the CA file and the admin user go with the server', () => {
  it('--ca-file applies to whatever server is in force; a profile\'s only to its own', () => {
    expect(resolve({ caFile: '/flag.pem' }, { baseUrl: B, secret: 'env-secret' }, lab())).toMatchObject({ caFile: '/flag.pem' });
    expect(resolve({ caFile: '/flag.pem' }, {}, lab())).toMatchObject({ caFile: '/flag.pem', profile: 'lab' });
    expect(resolve({}, { baseUrl: B, secret: 'env-secret' }, lab())).not.toHaveProperty('caFile');
  });

  it("OPENIM_ADMIN_USER_ID goes with OPENIM_BASE_URL's server, not the profile's", () => {
    expect(resolve({}, { adminUserID: 'root' }, lab({ adminUserID: undefined }))).toMatchObject({ adminUserID: 'imAdmin', profile: 'lab' });
    expect(resolve({ adminUserID: 'typed' }, { adminUserID: 'root' }, lab())).toMatchObject({ adminUserID: 'typed' });
  });
});

describe(':profile NAME (the profile the only place)', () => {
  it('takes the whole connection from the profile', () => {
    expect(resolve({}, {}, lab({ namedBy: ':profile' }))).toEqual({ baseUrl: A, secret: 'lab-secret', adminUserID: 'ops', caFile: '/lab-ca.pem', profile: 'lab' });
  });
});
