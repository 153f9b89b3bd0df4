// The one check of the config file: its shape and values (configSchema.ts), the names in `keys`
// (the keymap's, handed in) and in `columns` (the lists'), all at once. The explorer, the
// scripting commands and `:profile` come here, so a file is good or bad for all of them, in the
// same words. Reading the file and its trust checks (mode, owner, a name every object has) come
// first, in configFile.ts; a secret in a file others can read is refused after (profiles.ts).
import * as z from 'zod/mini';
import { checkColumnChoice } from '../lists/columnChoice.js';
import {
  configSchemaFor,
  preferencesSchemaFor,
  type ActionVocabulary,
  type ConfigFile,
  type NameLists,
  type PreferencesPart,
} from './configSchema.js';
import { quoted, shortName } from './safeText.js';

/** The parsed file, or every problem with it: where in the file, and what to do. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export function validateConfig(json: unknown, actions: ActionVocabulary): Checked<ConfigFile> {
  return check(configSchemaFor(actions), json, actions);
}

/** --demo: only `keys`, `columns` and `theme` (configSchema.ts preferencesSchemaFor). */
export function validatePreferences(json: unknown, actions: ActionVocabulary): Checked<PreferencesPart> {
  return check(preferencesSchemaFor(actions), json, actions);
}

const nameList = z.array(z.string());

/**
 * The sections whose names belong to others, with the owner's words for them: the schema knows
 * the names too (its enums), but the owner says what the operator meant (`did you mean`), which
 * fields a list has, and what no schema can, such as a key two actions would share.
 */
const OWNED: Readonly<Record<string, { name: string; problems: (raw: NameLists, actions: ActionVocabulary) => string[] }>> = {
  keys: { name: 'action', problems: (raw, actions) => actions.problems(raw) },
  columns: { name: 'list', problems: (raw) => checkColumnChoice(raw).problems },
};

function check<T>(schema: z.ZodMiniType<T>, json: unknown, actions: ActionVocabulary): Checked<T> {
  const result = schema.safeParse(json);
  const top = objectOf(json) ?? {};
  const owned: string[] = [];
  /** Per owned section, the entries its owner judged (a list of names each): the schema's issues there are said in the owner's words. */
  const judged = new Map<string, Set<string>>();
  for (const [section, owner] of Object.entries(OWNED)) {
    const entries = Object.entries(objectOf(top[section]) ?? {}).filter(([, list]) => nameList.safeParse(list).success) as [string, string[]][];
    judged.set(section, new Set(entries.map(([name]) => name)));
    owned.push(...owner.problems(Object.fromEntries(entries), actions).map((problem) => `${section}: ${problem}`));
  }
  const issues = (result.success ? [] : result.error.issues).flatMap((issue) => {
    const section = String(issue.path[0]);
    const seen = judged.get(section);
    if (!seen) return [issue];
    if (issue.path.length >= 2) return seen.has(String(issue.path[1])) ? [] : [issue];
    if (issue.code !== 'unrecognized_keys') return [issue];
    const keys = issue.keys.filter((key) => !seen.has(key));
    return keys.length > 0 ? [{ ...issue, keys }] : [];
  });
  const problems = [...issues.map(describeIssue), ...owned];
  if (result.success && problems.length === 0) return { ok: true, value: result.data };
  return { ok: false, problems: problems.length > 0 ? problems : ['invalid'] };
}

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** One problem: the profile and field, or the path in the file, then what is wrong. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  let where: string[];
  let message = issue.message;
  const named = path.length === 1 && Object.hasOwn(OWNED, path[0] ?? '') ? OWNED[path[0]!]?.name : undefined;
  if (issue.code === 'unrecognized_keys' && named !== undefined) {
    // keys or columns: the owner did not judge these (their lists are no lists of names).
    where = path;
    message = `unknown ${named}${issue.keys.length > 1 ? 's' : ''} ${issue.keys.slice(0, 5).map((k) => quoted(k)).join(', ')}`;
  } else if (issue.code === 'unrecognized_keys') {
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
  if (where.length === 0 && issue.code === 'invalid_type') return 'must be an object of profiles and preferences (see README, Profiles)';
  return `${where.length > 0 ? `${where.join('.')}: ` : ''}${message}`;
}
