// Named profiles in a config file (like kubectl contexts): base URL, credentials or the names of
// the environment variables that hold them, timeout, page size and the live view's interval. Validated with zod; every
// error names the file, the profile and the field, and is a UsageError (exit code 2).
//
// The connection (URL, credentials, admin user, CA file) comes from one place, by the one rule of
// connection.ts; the profile's other settings apply when its server is the one in force, under
// the flags and over the built-in defaults.
import { dirname, resolve as resolvePath } from 'node:path';
import * as z from 'zod/mini';
import '../api/zodLocale.js';
import { isPageSize, MAX_PAGE_SIZE } from '../domain/paging.js';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS } from '../data/liveRefresh.js';
import { UsageError, type ExplorerOptions, type Preferences, type ProfileField } from './args.js';
import { CONTROL_CHARACTER_PROBLEM, holdsControlCharacter, normalBaseUrl } from './baseUrl.js';
import { resolveConnection, type ProfileConnection } from './connection.js';
import { defaultConfigPath, PROFILE_NAME } from './profileNames.js';
import { parseConfigJson, readConfigText } from './configFile.js';
import { quoted, shortName, urlCredentialsProblem, urlExtraPartProblem } from './safeText.js';
import { colorSchema, columnsSchema, demoPreferences, keysSchema, labelSchema, themeSchema } from './preferences.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const text = (what: string) => z.string({ error: `must be ${what}` }).check(z.trim(), z.minLength(1, { error: `must be ${what}` }));
const envName = z
  .string({ error: 'must be the name of an environment variable' })
  .check(z.regex(ENV_NAME, { error: 'must be the name of an environment variable (letters, digits, _)' }));

export const profileSchema = z
  .strictObject({
    baseUrl: z.string({ error: 'must be an http(s) URL' }).check(
      // Before the trim: a control character at either end is refused too, never quietly dropped.
      z.refine((url) => !holdsControlCharacter(url), { error: CONTROL_CHARACTER_PROBLEM, abort: true }),
      z.trim(),
      z.refine(isHttpUrl, { error: 'must be an http(s) URL' }),
      z.superRefine((url, ctx) => {
        const problem = urlCredentialsProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; put the secret in secret or secretEnv` });
        const extra = urlExtraPartProblem(url);
        if (extra) ctx.addIssue({ code: 'custom', message: extra });
      }),
    ),
    adminUserID: z.optional(text('a user ID')),
    /** A PEM CA file for https, like kubectl's certificate-authority; relative to the config file. */
    caFile: z.optional(text('a file path')),
    token: z.optional(text('a non-empty string')),
    tokenEnv: z.optional(envName),
    secret: z.optional(text('a non-empty string')),
    secretEnv: z.optional(envName),
    /** Seconds, like --timeout. */
    timeout: z.optional(
      z
        .number({ error: 'must be a number of seconds' })
        .check(z.minimum(0.1, { error: 'must be from 0.1 to 600 seconds' }), z.maximum(600, { error: 'must be from 0.1 to 600 seconds' })),
    ),
    pageSize: z.optional(
      z
        .number({ error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
        .check(z.refine(isPageSize, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })),
    ),
    /** Seconds, like --watch: the explorer starts with the live view on at this interval. */
    watch: z.optional(
      z
        .number({ error: 'must be a number of seconds' })
        .check(
          z.minimum(MIN_INTERVAL_MS / 1000, { error: `must be from ${MIN_INTERVAL_MS / 1000} to ${MAX_INTERVAL_MS / 1000} seconds` }),
          z.maximum(MAX_INTERVAL_MS / 1000, { error: `must be from ${MIN_INTERVAL_MS / 1000} to ${MAX_INTERVAL_MS / 1000} seconds` }),
        ),
    ),
    /** A marker in the header while this profile is in use (`PROD-EU`), in `color`. */
    label: labelSchema,
    color: colorSchema,
  })
  .check(
    z.superRefine((p, ctx) => {
      if (p.token !== undefined && p.tokenEnv !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['tokenEnv'], message: 'give token or tokenEnv, not both' });
      }
      if (p.secret !== undefined && p.secretEnv !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['secretEnv'], message: 'give secret or secretEnv, not both' });
      }
    }),
  );

export const configSchema = z
  .strictObject({
    /** The profile used when neither --profile nor OPENIM_PROFILE names one. */
    defaultProfile: z.optional(z.string({ error: 'must be the name of a profile' })),
    profiles: z.record(
      z.string().check(z.regex(PROFILE_NAME, { error: 'a profile name is letters, digits, . _ - (up to 64)' })),
      profileSchema,
      { error: 'must be an object of named profiles' },
    ),
    /** Action name to keys: replaces the action's keys (validated against the keymap at start). */
    keys: keysSchema,
    /** List command name to the fields its table shows (validated against the lists at start). */
    columns: columnsSchema,
    theme: themeSchema,
  })
  .check(
    z.superRefine((c, ctx) => {
      if (c.defaultProfile !== undefined && !hasProfile(c.profiles, c.defaultProfile)) {
        ctx.addIssue({ code: 'custom', path: ['defaultProfile'], message: `no profile named ${quoted(c.defaultProfile)} (${profileList(c.profiles)})` });
      }
    }),
  );
export type ConfigFile = z.infer<typeof configSchema>;

/**
 * Own profiles only: a name such as "toString", "constructor" or "__proto__" is not a profile
 * because every object inherits one.
 */
function hasProfile(profiles: Record<string, unknown>, name: string): boolean {
  return Object.hasOwn(profiles, name);
}

function profileList(profiles: Record<string, unknown>): string {
  const names = Object.keys(profiles);
  return `profiles: ${names.length > 0 ? names.join(', ') : 'none'}`;
}

export interface LoadedConfig {
  path: string;
  config: ConfigFile;
}

export { defaultConfigPath };

/**
 * Reads and validates the config file. A missing file is no config (undefined) unless the path
 * was given explicitly. A file that holds a token or secret itself must be private to its owner.
 */
export function loadConfig(path: string, options: { explicit: boolean; platform?: NodeJS.Platform }): LoadedConfig | undefined {
  const file = readConfigText(path, options.explicit);
  if (!file) return undefined;
  const json = parseConfigJson(path, file.text);
  const result = configSchema.safeParse(json);
  if (!result.success) throw new UsageError(describeIssues(path, result.error.issues));
  const config = result.data;
  const holdsSecret = Object.values(config.profiles).some((p) => p.token !== undefined || p.secret !== undefined);
  if (holdsSecret && (options.platform ?? process.platform) !== 'win32' && (file.mode & 0o077) !== 0) {
    const octal = (file.mode & 0o777).toString(8).padStart(4, '0');
    throw new UsageError(
      `${path} holds a secret and is readable by others (mode ${octal}); run chmod 600 ${path}`,
    );
  }
  return { path, config };
}

/** One line naming the file, then the profile and field of each problem (the first five). */
export function describeIssues(path: string, issues: readonly z.core.$ZodIssue[]): string {
  if (issues.length === 0) return `${path}: invalid`;
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : '';
  return `${path}: ${issues.slice(0, 5).map(describeIssue).join('; ')}${more}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  let where: string[];
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    // Names from the file: quoted and sanitised (a key may hold escape sequences).
    where = [...path, shortName(issue.keys[0] ?? '?')];
    message = issue.keys.length > 1 ? `unknown fields ${issue.keys.slice(0, 5).map((k) => shortName(k)).join(', ')}` : 'unknown field';
  } else if (issue.code === 'invalid_key') {
    where = path;
    message = `bad profile name: ${issue.issues[0]?.message ?? issue.message}`;
  } else {
    where = path;
  }
  if (where[0] === 'profiles' && where.length >= 2) {
    const field = where.slice(2).join('.');
    if (issue.code === 'invalid_key') return `profile ${quoted(where[1] ?? '')}: ${message}`;
    return `profile ${quoted(where[1] ?? '')}: ${field ? `${field}: ` : ''}${message}`;
  }
  if (where[0] === 'profiles' && issue.code === 'invalid_key') return `profiles: ${message}`;
  return `${where.length > 0 ? `${where.join('.')}: ` : ''}${message}`;
}

/** The profile to use: --profile (or OPENIM_PROFILE), else the file's defaultProfile, else none. */
export function chooseProfile(loaded: LoadedConfig | undefined, requested: string | undefined): string | undefined {
  if (requested !== undefined) {
    if (!loaded) throw new UsageError(`profile ${quoted(requested)}: there is no config file (see --config)`);
    if (!hasProfile(loaded.config.profiles, requested)) {
      throw new UsageError(`${loaded.path}: no profile named ${quoted(requested)} (${profileList(loaded.config.profiles)})`);
    }
    return requested;
  }
  return loaded?.config.defaultProfile;
}

/** The profile `name` of the file, as a source of the connection (connection.ts). */
function profileConnection(loaded: LoadedConfig, name: string, namedBy: ProfileConnection['namedBy']): ProfileConnection {
  const profile = hasProfile(loaded.config.profiles, name) ? loaded.config.profiles[name] : undefined;
  if (!profile) throw new UsageError(`${loaded.path}: no profile named ${quoted(name)} (${profileList(loaded.config.profiles)})`);
  const { baseUrl, token, tokenEnv, secret, secretEnv, adminUserID, caFile } = profile;
  return {
    name,
    namedBy,
    where: `${loaded.path}: profile ${quoted(name)}`,
    baseUrl: normalBaseUrl(baseUrl),
    token,
    tokenEnv,
    secret,
    secretEnv,
    adminUserID,
    caFile: caFile === undefined ? undefined : resolvePath(dirname(loaded.path), caFile),
  };
}

/**
 * Reads the config file (if any), takes the connection from one place (connection.ts), and applies
 * the profile's other settings when its server is the one in force. Used at start; the explorer
 * calls it again, with `switching`, for `:profile NAME`, so that edits to the file take effect:
 * the profile is then the only source of the connection (the flags and the environment described
 * the server the app started on), and only flags for the timeout, page size and watch still win.
 */
export function resolveProfile(
  options: ExplorerOptions,
  env: NodeJS.ProcessEnv,
  requested: string | undefined = options.profile,
  switching = false,
): ExplorerOptions {
  const path = options.configPath ?? defaultConfigPath(env);
  const loaded = loadConfig(path, { explicit: options.configPath !== undefined || switching });
  const name = chooseProfile(loaded, requested);
  const namedBy = switching ? ':profile' : requested !== undefined ? (options.profileFrom ?? '--profile') : undefined;
  const source = loaded && name !== undefined ? profileConnection(loaded, name, namedBy) : undefined;
  const connection = resolveConnection(
    switching ? { flags: {}, environment: {}, ...(source ? { profile: source } : {}) } : { ...options.given, ...(source ? { profile: source } : {}) },
    env,
  );
  const { connection: _old, profile: _asked, ...rest } = options;
  const next: ExplorerOptions = { ...rest, ...(connection ? { connection } : {}) };
  if (!loaded) return next;
  next.preferences = preferencesOf(loaded);
  const profile = connection?.profile !== undefined ? loaded.config.profiles[connection.profile] : undefined;
  if (!profile || connection?.profile === undefined) return next;
  next.profile = connection.profile;
  const wins = (field: ProfileField): boolean => options.flags.has(field);
  if (!wins('timeoutMs') && profile.timeout !== undefined) next.timeoutMs = Math.round(profile.timeout * 1000);
  if (!wins('pageSize') && profile.pageSize !== undefined) next.pageSize = profile.pageSize;
  if (!wins('watchMs') && profile.watch !== undefined) next.watchMs = Math.round(profile.watch * 1000);
  next.preferences = {
    ...next.preferences,
    ...(profile.label !== undefined ? { label: profile.label } : {}),
    ...(profile.color !== undefined ? { labelColor: profile.color } : {}),
  };
  return next;
}

function preferencesOf(loaded: LoadedConfig): Preferences {
  const { keys, columns, theme } = loaded.config;
  return { path: loaded.path, ...(keys ? { keys } : {}), ...(columns ? { columns } : {}), ...(theme ? { theme } : {}) };
}

/** --demo: no profile, but the file's keys, columns and theme (see demoPreferences). */
export function resolveDemoPreferences(options: ExplorerOptions, env: NodeJS.ProcessEnv): ExplorerOptions {
  const path = options.configPath ?? defaultConfigPath(env);
  const preferences = demoPreferences(path, options.configPath !== undefined, (issues) => describeIssues(path, issues));
  return { ...options, preferences };
}
