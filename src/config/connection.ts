// How to reach a server beyond its URL: the proxies of the environment (api/proxy.ts) and the CA
// that signs a private server's certificate (--ca-file PATH, a profile's caFile): read
// through data/localFile.ts (a regular file, at most 1 MB, never blocking) and checked to hold a
// PEM certificate, so that a wrong path is a usage error at start, not a TLS failure later.
import { X509Certificate } from 'node:crypto';
import { LocalFileError, readLocalFile } from '../data/localFile.js';
import { ProxyConfigError, proxySettingsFromEnv, type ProxySettings } from '../api/proxy.js';
import { DEFAULT_CLIENT_CONFIG } from '../api/defaults.js';
import type { ClientConfig } from '../api/client.js';
import { UsageError } from './usageError.js';
import { normalBaseUrl } from './baseUrl.js';

export const MAX_CA_BYTES = 1024 * 1024;

/** The PEM text of the CA file; a UsageError in words for anything else. */
export function readCaFile(path: string): string {
  let text: string;
  try {
    // The CA decides whom the token is sent to: nobody else may be able to swap it.
    text = readLocalFile(path, { maxBytes: MAX_CA_BYTES, what: 'the CA file', trusted: true }).bytes.toString('utf8');
  } catch (error) {
    throw new UsageError(`--ca-file ${error instanceof LocalFileError ? error.message : String(error)}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--ca-file ${path}: not a PEM certificate (no -----BEGIN CERTIFICATE----- line)`);
  }
  const damaged = pemProblem(text);
  if (damaged) throw new UsageError(`--ca-file ${path}: ${damaged}; copy the CA's certificate again`);
  return text;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?(?:-----END CERTIFICATE-----|$)/g;

/**
 * What is wrong with the certificates of a PEM text, in words. TLS skips a block it cannot decode
 * without a word (a bundle with one corrupt certificate failed later as "unknown CA"): each is
 * parsed here, at start.
 */
function pemProblem(text: string): string | undefined {
  const blocks = text.match(PEM_BLOCK) ?? [];
  for (const [i, block] of blocks.entries()) {
    const which = blocks.length > 1 ? `certificate ${i + 1} of ${blocks.length}` : 'the certificate';
    if (!block.endsWith('-----END CERTIFICATE-----')) return `${which} has no -----END CERTIFICATE----- line`;
    try {
      new X509Certificate(block);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return code === 'ERR_OSSL_PEM_BAD_BASE64_DECODE' ? `${which} is damaged: its base64 is corrupt` : `${which} is not a readable X.509 certificate`;
    }
  }
  return undefined;
}

/**
 * The client's CA and proxies for `options`. The embedded demo is ours, on loopback: never through
 * a proxy, never with a private CA. A bad proxy variable or CA file is a usage error.
 */
export function connectionExtras(options: { connection?: Connection }, demo: boolean, env: NodeJS.ProcessEnv): { ca?: string; proxies?: ProxySettings } {
  if (demo) return {};
  let proxies: ProxySettings;
  try {
    proxies = proxySettingsFromEnv(env);
  } catch (error) {
    if (error instanceof ProxyConfigError) throw new UsageError(error.message);
    throw error;
  }
  const caFile = options.connection?.caFile;
  return {
    ...(caFile !== undefined ? { ca: readCaFile(caFile) } : {}),
    ...(proxies.http || proxies.https ? { proxies } : {}),
  };
}

// A connection comes from one place. `resolveConnection` is the one rule, used at start (the
// explorer and the scripting commands, through profiles.ts) and by `:profile NAME`:
//
// - The base URL is the first one named by the flags (`--base-url`), the environment
//   (`OPENIM_BASE_URL`) or the profile in use (`--profile`, `OPENIM_PROFILE`, the file's
//   defaultProfile).
// - A credential goes only to a URL it was given with: a profile's token and secret to that
//   profile's baseUrl; OPENIM_TOKEN and OPENIM_SECRET to OPENIM_BASE_URL, or, when that is not set,
//   to --base-url (the operator's shell, as before); --token and --secret, typed for this run, to
//   the URL in force. The token and the secret are taken together from the first of those places
//   that gives either (never a token from one and a secret from another); the admin user and the
//   CA file from the first of those places that may go with the URL.
// - The profile is in force (its label, timeout, page size and watch too) only when the URL is its
//   own. A profile named on purpose (`--profile`, `OPENIM_PROFILE`) whose baseUrl differs from the
//   URL in force is refused, unless the credentials come from the place the URL came from; so are
//   credentials that would all be left out because they belong to another URL (the operator
//   expected them to be used).

/** What the flags, or the environment, say of the connection (the base URL checked and normalised). */
export interface GivenConnection {
  baseUrl?: string;
  token?: string;
  secret?: string;
  adminUserID?: string;
  caFile?: string;
}

/** The profile in use, as its connection: its credentials are read only if they are used. */
export interface ProfileConnection {
  name: string;
  /** Who named it: a flag or variable (on purpose), `:profile` inside the app, or none (the file's defaultProfile). */
  namedBy?: '--profile' | 'OPENIM_PROFILE' | ':profile';
  /** `PATH: profile "NAME"`, before a problem with one of its fields. */
  where: string;
  /** Normalised (baseUrl.ts). */
  baseUrl: string;
  token?: string;
  tokenEnv?: string;
  secret?: string;
  secretEnv?: string;
  adminUserID?: string;
  /** Resolved against the config file's folder. */
  caFile?: string;
}

export interface ConnectionSources {
  flags: GivenConnection;
  environment: GivenConnection;
  profile?: ProfileConnection;
}

/** One server and what goes to it, all from places tied to its URL. */
export interface Connection {
  /** The normalised base URL (baseUrl.ts): the only form used anywhere. */
  baseUrl: string;
  token?: string;
  secret?: string;
  adminUserID: string;
  caFile?: string;
  /** The profile whose server this is (its baseUrl): the header names it, its settings apply. */
  profile?: string;
}

type Place = 'flags' | 'environment' | 'profile';
const PLACES: readonly Place[] = ['flags', 'environment', 'profile'];

/** The connection the sources give, or undefined when none names a URL; a UsageError when they disagree. */
export function resolveConnection(sources: ConnectionSources, env: NodeJS.ProcessEnv): Connection | undefined {
  const { flags, environment, profile } = sources;
  const url = flags.baseUrl ?? environment.baseUrl ?? profile?.baseUrl;
  if (url === undefined) return undefined;
  const urlFrom: Place = flags.baseUrl !== undefined ? 'flags' : environment.baseUrl !== undefined ? 'environment' : 'profile';
  const tied = (place: Place): boolean => {
    switch (place) {
      case 'flags':
        return true;
      case 'environment':
        return environment.baseUrl !== undefined ? environment.baseUrl === url : urlFrom === 'flags';
      case 'profile':
        return profile !== undefined && profile.baseUrl === url;
    }
  };
  const credentialsFrom = PLACES.find((place) => givesCredentials(sources, place) && tied(place));

  if (profile !== undefined && profile.namedBy !== undefined && profile.baseUrl !== url && credentialsFrom !== urlFrom) {
    throw new UsageError(profileConflict(profile, urlFrom, url));
  }
  const stray = credentialsFrom === undefined ? PLACES.find((place) => givesCredentials(sources, place)) : undefined;
  if (stray !== undefined) throw new UsageError(strayCredentials(sources, stray, urlFrom, url));

  const first = <K extends 'adminUserID' | 'caFile'>(field: K): string | undefined => {
    for (const place of PLACES) {
      const value = place === 'profile' ? profile?.[field] : sources[place][field];
      if (value !== undefined && tied(place)) return value;
    }
    return undefined;
  };
  const caFile = first('caFile');
  return {
    baseUrl: url,
    ...(credentialsFrom !== undefined ? credentialsOf(sources, credentialsFrom, env) : {}),
    adminUserID: first('adminUserID') ?? DEFAULT_CLIENT_CONFIG.adminUserID,
    ...(caFile !== undefined ? { caFile } : {}),
    ...(profile !== undefined && tied('profile') ? { profile: profile.name } : {}),
  };
}

/** How each place names its URL, and its credentials, in a message (never a value). */
const URL_NAMES: Record<Place, string> = { flags: '--base-url', environment: 'OPENIM_BASE_URL', profile: 'the profile' };
const CREDENTIAL_NAMES: Record<Place, string> = {
  flags: '--token or --secret',
  environment: 'OPENIM_TOKEN or OPENIM_SECRET',
  profile: 'token, tokenEnv, secret or secretEnv in the profile',
};
const LEAVE_OUT: Record<Place, string> = { flags: 'leave out --base-url', environment: 'unset OPENIM_BASE_URL', profile: '' };

function givesCredentials({ flags, environment, profile }: ConnectionSources, place: Place): boolean {
  if (place === 'profile') {
    return profile !== undefined && [profile.token, profile.tokenEnv, profile.secret, profile.secretEnv].some((v) => v !== undefined);
  }
  const given = place === 'flags' ? flags : environment;
  return given.token !== undefined || given.secret !== undefined;
}

function credentialsOf(sources: ConnectionSources, place: Place, env: NodeJS.ProcessEnv): { token?: string; secret?: string } {
  const { profile } = sources;
  if (place !== 'profile' || profile === undefined) {
    const { token, secret } = place === 'flags' ? sources.flags : sources.environment;
    return { ...(token !== undefined ? { token } : {}), ...(secret !== undefined ? { secret } : {}) };
  }
  const fromEnv = (field: 'tokenEnv' | 'secretEnv', variable: string | undefined): string | undefined => {
    if (variable === undefined) return undefined;
    const value = env[variable]?.trim();
    if (!value) throw new UsageError(`${profile.where}: ${field}: environment variable ${variable} is not set`);
    return value;
  };
  const token = profile.token ?? fromEnv('tokenEnv', profile.tokenEnv);
  const secret = profile.secret ?? fromEnv('secretEnv', profile.secretEnv);
  return { ...(token !== undefined ? { token } : {}), ...(secret !== undefined ? { secret } : {}) };
}

function profileName(profile: ProfileConnection): string {
  return `profile "${profile.name}" (${profile.namedBy ?? 'the defaultProfile'})`;
}

/** The profile names one server, a flag or the environment another: both named, with what to do. */
function profileConflict(profile: ProfileConnection, urlFrom: Place, url: string): string {
  return (
    `${profileName(profile)} is ${profile.baseUrl}, but ${URL_NAMES[urlFrom]} is ${url}; the profile's credentials go only to its own server: ` +
    `${LEAVE_OUT[urlFrom]} to use the profile, or give the credentials for ${url} with ${CREDENTIAL_NAMES[urlFrom]}`
  );
}

/** Credentials were given, but each belongs to another URL than the one in force. */
function strayCredentials(sources: ConnectionSources, stray: Place, urlFrom: Place, url: string): string {
  const { environment, profile } = sources;
  if (stray === 'profile' && profile) return profileConflict(profile, urlFrom, url);
  const names = [environment.token !== undefined ? 'OPENIM_TOKEN' : undefined, environment.secret !== undefined ? 'OPENIM_SECRET' : undefined];
  const what = names.filter(Boolean).join(' and ');
  const goes = what.includes(' and ') ? 'go' : 'goes';
  if (environment.baseUrl !== undefined) {
    return `${what} ${goes} only to OPENIM_BASE_URL ${environment.baseUrl}, not to --base-url ${url}: give ${CREDENTIAL_NAMES.flags} for it, or unset OPENIM_BASE_URL`;
  }
  const server = urlFrom === 'profile' && profile ? `the server of ${profileName(profile)}, ${url}` : url;
  const [variable, field] = environment.secret !== undefined ? ['OPENIM_SECRET', 'secretEnv'] : ['OPENIM_TOKEN', 'tokenEnv'];
  return (
    `${what} ${goes} only with OPENIM_BASE_URL or --base-url, not to ${server}: ` +
    `give the profile its own (e.g. "${field}": "${variable}"), or name the server with OPENIM_BASE_URL too`
  );
}

/** The embedded demo's connection (`--demo`): its own URL and secret, no profile. */
export function demoConnection(demo: { baseUrl: string; secret: string; adminUserID: string }): Connection {
  return { baseUrl: normalBaseUrl(demo.baseUrl), secret: demo.secret, adminUserID: demo.adminUserID };
}

/** What the client (api/client.ts) takes of a connection. */
export function clientConnection({ baseUrl, token, secret, adminUserID }: Connection): Pick<ClientConfig, 'baseUrl' | 'token' | 'secret' | 'adminUserID'> {
  return { baseUrl, ...(token !== undefined ? { token } : {}), ...(secret !== undefined ? { secret } : {}), adminUserID };
}
