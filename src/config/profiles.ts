// Named profiles in a config file (like kubectl contexts): base URL, credentials or the names of
// the environment variables that hold them, timeout and page size. Validated with zod; every
// error names the file, the profile and the field, and is a UsageError (exit code 2).
//
// Precedence, highest first: flags, environment, profile, built-in defaults.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/mini';
import '../api/zodLocale.js';
import { PAGE_SIZES } from '../domain/paging.js';
import { UsageError, type ExplorerOptions, type ProfileField } from './args.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

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
    baseUrl: z.string({ error: 'must be an http(s) URL' }).check(z.trim(), z.refine(isHttpUrl, { error: 'must be an http(s) URL' })),
    adminUserID: z.optional(text('a user ID')),
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
        .number({ error: `must be one of ${PAGE_SIZES.join(', ')}` })
        .check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: `must be one of ${PAGE_SIZES.join(', ')}` })),
    ),
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
export type ProfileConfig = z.infer<typeof profileSchema>;

export const configSchema = z
  .strictObject({
    /** The profile used when neither --profile nor OPENIM_PROFILE names one. */
    defaultProfile: z.optional(z.string({ error: 'must be the name of a profile' })),
    profiles: z.record(
      z.string().check(z.regex(PROFILE_NAME, { error: 'a profile name is letters, digits, . _ - (up to 64)' })),
      profileSchema,
      { error: 'must be an object of named profiles' },
    ),
  })
  .check(
    z.superRefine((c, ctx) => {
      if (c.defaultProfile !== undefined && !(c.defaultProfile in c.profiles)) {
        ctx.addIssue({ code: 'custom', path: ['defaultProfile'], message: `no profile named ${JSON.stringify(c.defaultProfile)}` });
      }
    }),
  );
export type ConfigFile = z.infer<typeof configSchema>;

export interface LoadedConfig {
  path: string;
  config: ConfigFile;
}

/** `$XDG_CONFIG_HOME/openim-explorer/config.json`, or under ~/.config. */
export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'openim-explorer', 'config.json');
}

/**
 * Reads and validates the config file. A missing file is no config (undefined) unless the path
 * was given explicitly. A file that holds a token or secret itself must be private to its owner.
 */
export function loadConfig(path: string, options: { explicit: boolean; platform?: NodeJS.Platform }): LoadedConfig | undefined {
  let raw: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !options.explicit) return undefined;
    if (code === 'ENOENT') throw new UsageError(`${path}: no such config file`);
    throw new UsageError(`${path}: cannot read the config file (${code ?? String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new UsageError(`${path}: not valid JSON: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const result = configSchema.safeParse(json);
  if (!result.success) throw new UsageError(describeIssues(path, result.error.issues));
  const config = result.data;
  const holdsSecret = Object.values(config.profiles).some((p) => p.token !== undefined || p.secret !== undefined);
  if (holdsSecret && (options.platform ?? process.platform) !== 'win32' && (mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
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
    where = [...path, issue.keys[0] ?? '?'];
    message = issue.keys.length > 1 ? `unknown fields ${issue.keys.join(', ')}` : 'unknown field';
  } else if (issue.code === 'invalid_key') {
    where = path;
    message = `bad profile name: ${issue.issues[0]?.message ?? issue.message}`;
  } else {
    where = path;
  }
  if (where[0] === 'profiles' && where.length >= 2) {
    const field = where.slice(2).join('.');
    if (issue.code === 'invalid_key') return `profile ${JSON.stringify(where[1])}: ${message}`;
    return `profile ${JSON.stringify(where[1])}: ${field ? `${field}: ` : ''}${message}`;
  }
  if (where[0] === 'profiles' && issue.code === 'invalid_key') return `profiles: ${message}`;
  return `${where.length > 0 ? `${where.join('.')}: ` : ''}${message}`;
}

/** The profile to use: --profile (or OPENIM_PROFILE), else the file's defaultProfile, else none. */
export function chooseProfile(loaded: LoadedConfig | undefined, requested: string | undefined): string | undefined {
  if (requested !== undefined) {
    if (!loaded) throw new UsageError(`profile ${JSON.stringify(requested)}: there is no config file (see --config)`);
    if (!(requested in loaded.config.profiles)) {
      const names = Object.keys(loaded.config.profiles);
      throw new UsageError(
        `${loaded.path}: no profile named ${JSON.stringify(requested)} (profiles: ${names.length > 0 ? names.join(', ') : 'none'})`,
      );
    }
    return requested;
  }
  return loaded?.config.defaultProfile;
}

/**
 * The options with the profile's values under the flags and the environment. With `switching`
 * (`:profile` inside the app), the connection comes from the profile alone: the flags and
 * environment described the server the app started on.
 */
export function applyProfile(
  options: ExplorerOptions,
  loaded: LoadedConfig,
  name: string,
  env: NodeJS.ProcessEnv,
  switching = false,
): ExplorerOptions {
  const profile = loaded.config.profiles[name];
  if (!profile) throw new UsageError(`${loaded.path}: no profile named ${JSON.stringify(name)}`);
  const where = `${loaded.path}: profile ${JSON.stringify(name)}`;
  const connection: readonly ProfileField[] = ['baseUrl', 'token', 'secret', 'adminUserID'];
  // While switching, only flags for the timeout and page size still win.
  const wins = (field: ProfileField): boolean =>
    switching ? !connection.includes(field) && options.flags.has(field) : options.explicit.has(field);
  const fromEnv = (field: 'tokenEnv' | 'secretEnv', variable: string | undefined): string | undefined => {
    if (variable === undefined) return undefined;
    const value = env[variable]?.trim();
    if (!value) throw new UsageError(`${where}: ${field}: environment variable ${variable} is not set`);
    return value;
  };
  const next: ExplorerOptions = { ...options, profile: name };
  if (!wins('baseUrl')) next.baseUrl = profile.baseUrl.replace(/\/+$/, '');
  // A token and a secret from different places would mix two servers' credentials when
  // switching; at start, each field follows the precedence on its own.
  if (!wins('token')) next.token = profile.token ?? fromEnv('tokenEnv', profile.tokenEnv);
  if (!wins('secret')) next.secret = profile.secret ?? fromEnv('secretEnv', profile.secretEnv);
  if (!wins('adminUserID')) next.adminUserID = profile.adminUserID ?? (switching ? 'imAdmin' : options.adminUserID);
  if (!wins('timeoutMs') && profile.timeout !== undefined) next.timeoutMs = Math.round(profile.timeout * 1000);
  if (!wins('pageSize') && profile.pageSize !== undefined) next.pageSize = profile.pageSize;
  return next;
}

/**
 * Reads the config file (if any) and applies the chosen profile. Used at start; the explorer
 * calls it again, with `switching`, for `:profile NAME`, so that edits to the file take effect.
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
  if (!loaded || name === undefined) return { ...options, profile: undefined };
  return applyProfile(options, loaded, name, env, switching);
}
