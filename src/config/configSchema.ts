// The config file's one definition: every field, of the file and of a profile, with what it means.
// The validator (validate.ts) parses with it and `openim-explorer config-schema` prints it as JSON
// Schema (jsonSchema.ts): one definition, so the two cannot disagree. The names `keys` and
// `columns` may use belong to their owners: the lists' fields are read from lists/ (below this
// layer); the actions are the keymap's (keys/, above it), handed in by the entry point.
import { parseTarget } from '../api/clusterGet.js';
import * as z from 'zod/mini';
import '../api/zodLocale.js';
import { isPageSize, MAX_PAGE_SIZE } from '../domain/paging.js';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS } from '../data/liveRefresh.js';
import { choosableFields } from '../lists/columnChoice.js';
import { LIST_KINDS, LIST_NAMES } from '../lists/names.js';
import { CONTROL_CHARACTER_PROBLEM } from './baseUrl.js';
import { hasControlCode } from '../api/inertText.js';
import { PROFILE_NAME } from './profileNames.js';
import { quoted, urlCredentialsProblem, urlExtraPartProblem } from './safeText.js';

/** The config file's `keys` or `columns` as read: a name to a list of names. */
export type NameLists = Readonly<Record<string, readonly string[]>>;

/**
 * What the keymap tells the config file (keys/effective.ts gives it): the actions `keys` may
 * rebind, and what is wrong with a `keys` section, one phrase each, in the keymap's own words
 * (an unknown action or key, a key two actions would share).
 */
export interface ActionVocabulary {
  readonly names: readonly string[];
  problems(keys: NameLists): string[];
}

const THEMES = ['dark', 'light'] as const;
/** Colours a profile's label may have: the terminal's own eight, as every theme has them. */
const LABEL_COLORS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray'] as const;
/** The longest label: it shares the header with the host and the identity. */
const MAX_LABEL = 24;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const text = (what: string, description: string) =>
  z.optional(z.string({ error: `must be ${what}` }).check(z.trim(), z.minLength(1, { error: `must be ${what}` }), z.describe(description)));
const envName = (description: string) =>
  z.optional(
    z
      .string({ error: 'must be the name of an environment variable' })
      .check(z.regex(ENV_NAME, { error: 'must be the name of an environment variable (letters, digits, _)' }), z.describe(description)),
  );
const seconds = (min: number, max: number, description: string) =>
  z.optional(
    z
      .number({ error: 'must be a number of seconds' })
      .check(
        z.minimum(min, { error: `must be from ${min} to ${max} seconds` }),
        z.maximum(max, { error: `must be from ${min} to ${max} seconds` }),
        z.describe(description),
      ),
  );

const profileSchema = z
  .strictObject({
    baseUrl: z.string({ error: 'must be an http(s) URL' }).check(
      // Before the trim: a control character at either end is refused too, never quietly dropped.
      z.refine((url) => !hasControlCode(url), { error: CONTROL_CHARACTER_PROBLEM, abort: true }),
      z.trim(),
      z.refine(isHttpUrl, { error: 'must be an http(s) URL' }),
      z.superRefine((url, ctx) => {
        const problem = urlCredentialsProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; put the secret in secret or secretEnv` });
        const extra = urlExtraPartProblem(url);
        if (extra) ctx.addIssue({ code: 'custom', message: extra });
      }),
      z.describe('The OpenIM API address, http(s)://host:port[/path] (required).'),
    ),
    adminUserID: text('a user ID', 'The admin user for the secret (default imAdmin).'),
    caFile: text('a file path', "A PEM file of the CA that signs the server's certificate, relative to the config file."),
    token: text('a non-empty string', 'An admin token (prefer tokenEnv: the file must then be private, chmod 600).'),
    tokenEnv: envName('The name of the environment variable that holds an admin token.'),
    secret: text('a non-empty string', 'The admin secret (prefer secretEnv: the file must then be private, chmod 600).'),
    secretEnv: envName('The name of the environment variable that holds the admin secret.'),
    timeout: seconds(0.1, 600, 'Seconds per request, like --timeout (default 10).'),
    pageSize: z.optional(
      z
        .number({ error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
        .check(
          z.refine(isPageSize, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}`, abort: true }),
          // What isPageSize says, for the JSON Schema (never failing after it).
          z.multipleOf(1),
          z.minimum(1),
          z.maximum(MAX_PAGE_SIZE),
          z.describe(`Rows per page, 1 to ${MAX_PAGE_SIZE} (default: what fits the terminal).`),
        ),
    ),
    watch: seconds(MIN_INTERVAL_MS / 1000, MAX_INTERVAL_MS / 1000, 'Seconds: start with the live view on at this interval, like --watch.'),
    label: z.optional(
      z
        .string({ error: 'must be a short text' })
        .check(
          z.trim(),
          z.minLength(1, { error: 'must be a short text' }),
          z.maxLength(MAX_LABEL, { error: `must be at most ${MAX_LABEL} characters` }),
          z.regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, { error: 'must not hold control characters' }),
          z.describe('A marker that leads the header while this profile is in use (PROD-EU).'),
        ),
    ),
    metrics: z.optional(
      z
        .array(
          z.string({ error: 'must be host:port' }).check(z.refine((t) => parseTarget(t.trim()) !== undefined, { error: 'must be host:port (e.g. 10.0.0.5:12140)' })),
          { error: 'must be a list of host:port' },
        )
        .check(
          z.minLength(1, { error: 'give at least one host:port' }),
          z.maxLength(128, { error: 'at most 128 targets' }),
          z.describe("The cluster screen's metrics targets (host:port) when the server's discovery lists none (Kubernetes, standalone), like --metrics."),
        ),
    ),
    color: z.optional(z.enum(LABEL_COLORS, { error: `must be one of ${LABEL_COLORS.join(', ')}` }).check(z.describe("The label's colour."))),
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

/** A list of names, at least one: the keys of an action, the fields of a list. */
const names = <T extends z.core.SomeType>(item: T, what: string) =>
  z.array(item, { error: `must be a list of ${what}s` }).check(z.minLength(1, { error: `give at least one ${what}` }));

/** Each list by its command name, with the fields its columns can be chosen by. */
function listFields(): { command: string; fields: string[] }[] {
  return LIST_KINDS.map((kind) => ({ command: LIST_NAMES[kind].command, fields: choosableFields(kind) }));
}

/** `keys`, `columns` and `theme`: what --demo reads too. */
function preferencesShape(actions: ActionVocabulary) {
  const lists = listFields();
  const fieldName = (fields: readonly string[]) =>
    fields.length > 0 ? z.enum(fields as [string, ...string[]], { error: 'must be a field of the list' }) : z.never();
  return {
    keys: z.optional(
      z
        .partialRecord(z.enum(actions.names as [string, ...string[]], { error: 'must be an action' }), names(z.string({ error: 'must be a key name' }), 'key name'), {
          error: 'must be an object of action names to lists of keys',
        })
        .check(z.describe("Action names (as help, ?, shows them) to the keys that replace the action's own.")),
    ),
    columns: z.optional(
      z
        .strictObject(Object.fromEntries(lists.map((l) => [l.command, z.optional(names(fieldName(l.fields), 'field name'))])), {
          error: 'must be an object of list names to lists of field names',
        })
        .check(
          // The names as an enum too, for the editors that complete from propertyNames.
          z.meta({ propertyNames: { enum: lists.map((l) => l.command) } }),
          z.describe('List command names to the -o json fields their tables show, in that order.'),
        ),
    ),
    theme: z.optional(z.enum(THEMES, { error: 'must be "dark" or "light"' }).check(z.describe('dark (the default) or light.'))),
  };
}

/** Own profiles only: "toString" or "constructor" is no profile because every object inherits one. */
export function hasProfile(profiles: Record<string, unknown>, name: string): boolean {
  return Object.hasOwn(profiles, name);
}

export function profileList(profiles: Record<string, unknown>): string {
  const names = Object.keys(profiles);
  return `profiles: ${names.length > 0 ? names.join(', ') : 'none'}`;
}

/** The whole file. */
export function configSchemaFor(actions: ActionVocabulary) {
  return z
    .strictObject({
      $schema: z.optional(z.string().check(z.describe('Where editors find this schema; the explorer ignores it.'))),
      defaultProfile: z.optional(
        z.string({ error: 'must be the name of a profile' }).check(z.describe('The profile used when neither --profile nor OPENIM_PROFILE names one.')),
      ),
      profiles: z
        .record(z.string().check(z.regex(PROFILE_NAME, { error: 'a profile name is letters, digits, . _ - (up to 64)' })), profileSchema, {
          error: 'must be an object of named profiles',
        })
        .check(z.describe('Named servers, like kubectl contexts: --profile NAME picks one.')),
      ...preferencesShape(actions),
    })
    .check(
      z.superRefine((c, ctx) => {
        if (c.defaultProfile !== undefined && !hasProfile(c.profiles, c.defaultProfile)) {
          ctx.addIssue({ code: 'custom', path: ['defaultProfile'], message: `no profile named ${quoted(c.defaultProfile)} (${profileList(c.profiles)})` });
        }
      }),
      z.describe('The openim-explorer config file: profiles and preferences (README, Profiles and Preferences).'),
    );
}
export type ConfigFile = z.infer<ReturnType<typeof configSchemaFor>>;

/** With --demo the profiles do not matter (a broken one must not stand in the way): the rest of the file is not read. */
export function preferencesSchemaFor(actions: ActionVocabulary) {
  return z.looseObject(preferencesShape(actions));
}
export type PreferencesPart = z.infer<ReturnType<typeof preferencesSchemaFor>>;
