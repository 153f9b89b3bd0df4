// Named profiles in a config file (like kubectl contexts): base URL, credentials or the names of
// the environment variables that hold them, timeout, page size and the live view's interval.
// The file is checked by validate.ts (every problem, in words, as a UsageError: exit code 2).
//
// The connection (URL, credentials, admin user, CA file) comes from one place, by the one rule of
// connection.ts; the profile's other settings apply when its server is the one in force, under
// the flags and over the built-in defaults.
import { dirname, resolve as resolvePath } from 'node:path';
import { type ExplorerOptions, type Preferences, type ProfileField } from './args.js';
import { normalBaseUrl } from './baseUrl.js';
import { parseConfigJson, readConfigText } from './configFile.js';
import { hasProfile, profileList, type ActionVocabulary, type ConfigFile, type NameLists, type PreferencesPart } from './configSchema.js';
import { resolveConnection, type ProfileConnection } from './connection.js';
import { defaultConfigPath } from './profileNames.js';
import { quoted } from './safeText.js';
import { ConfigFileError, UntrustedConfigError, UsageError } from './usageError.js';
import { validateConfig, validatePreferences } from './validate.js';

export interface LoadedConfig {
  path: string;
  config: ConfigFile;
}

export { defaultConfigPath };

/**
 * Reads and validates the config file. A missing file is no config (undefined) unless the path
 * was given explicitly. A file that holds a token or secret itself must be private to its owner.
 */
export function loadConfig(
  path: string,
  options: { explicit: boolean; actions: ActionVocabulary; platform?: NodeJS.Platform },
): LoadedConfig | undefined {
  const file = readConfigText(path, options.explicit);
  if (!file) return undefined;
  const checked = validateConfig(parseConfigJson(path, file.text), options.actions);
  if (!checked.ok) throw new ConfigFileError(path, checked.problems);
  const config = checked.value;
  const holdsSecret = Object.values(config.profiles).some((p) => p.token !== undefined || p.secret !== undefined);
  if (holdsSecret && (options.platform ?? process.platform) !== 'win32' && (file.mode & 0o077) !== 0) {
    const octal = (file.mode & 0o777).toString(8).padStart(4, '0');
    throw new UsageError(
      `${path} holds a secret and is readable by others (mode ${octal}); run chmod 600 ${path}`,
    );
  }
  return { path, config };
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
 * calls it again, with `switchTo`, for `:profile NAME`, so that edits to the file take effect:
 * the profile is then the only source of the connection (the flags and the environment described
 * the server the app started on), and only flags for the timeout, page size and watch still win.
 */
export function resolveProfile(
  options: ExplorerOptions,
  env: NodeJS.ProcessEnv,
  actions: ActionVocabulary,
  switchTo?: string,
): ExplorerOptions {
  const switching = switchTo !== undefined;
  const requested = switchTo ?? options.profile;
  const path = options.configPath ?? defaultConfigPath(env);
  const loaded = loadConfig(path, { explicit: options.configPath !== undefined || switching, actions });
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
  next.preferences = preferencesOf(loaded.path, loaded.config);
  const profile = connection?.profile !== undefined ? loaded.config.profiles[connection.profile] : undefined;
  if (!profile || connection?.profile === undefined) return next;
  next.profile = connection.profile;
  const wins = (field: ProfileField): boolean => options.flags.has(field);
  if (!wins('timeoutMs') && profile.timeout !== undefined) next.timeoutMs = Math.round(profile.timeout * 1000);
  if (!wins('pageSize') && profile.pageSize !== undefined) next.pageSize = profile.pageSize;
  if (!wins('watchMs') && profile.watch !== undefined) next.watchMs = Math.round(profile.watch * 1000);
  if (!wins('metrics') && profile.metrics !== undefined) next.metrics = profile.metrics;
  next.preferences = {
    ...next.preferences,
    ...(profile.label !== undefined ? { label: profile.label } : {}),
    ...(profile.color !== undefined ? { labelColor: profile.color } : {}),
  };
  return next;
}

/** The preferences a checked file gives (with or without its profiles). */
function preferencesOf(path: string, { keys, columns, theme }: PreferencesPart): Preferences {
  return { path, ...(keys ? { keys: given(keys) } : {}), ...(columns ? { columns: given(columns) } : {}), ...(theme ? { theme } : {}) };
}

/** The names the file gives a list for (a schema's optional entries are typed as maybe there). */
const given = (lists: Readonly<Record<string, readonly string[] | undefined>>): NameLists =>
  Object.fromEntries(Object.entries(lists).flatMap(([name, list]) => (list === undefined ? [] : [[name, list]])));

/**
 * --demo: no profile, but the file's keys, columns and theme. The profiles do not matter there (a
 * broken one must not stand in the way) and are not checked; the preferences are, as always. A
 * missing or unreadable file at the default place is no preferences; one that others can write is
 * refused, as always.
 */
export function resolveDemoPreferences(options: ExplorerOptions, env: NodeJS.ProcessEnv, actions: ActionVocabulary): ExplorerOptions {
  const path = options.configPath ?? defaultConfigPath(env);
  const explicit = options.configPath !== undefined;
  let json: unknown;
  try {
    const file = readConfigText(path, explicit);
    if (!file) return { ...options, preferences: {} };
    json = parseConfigJson(path, file.text);
  } catch (error) {
    if (explicit || error instanceof UntrustedConfigError) throw error;
    return { ...options, preferences: {} };
  }
  if (typeof json !== 'object' || json === null) return { ...options, preferences: {} };
  const checked = validatePreferences(json, actions);
  if (!checked.ok) throw new ConfigFileError(path, checked.problems);
  return { ...options, preferences: preferencesOf(path, checked.value) };
}
