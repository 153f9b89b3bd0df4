// The config file's preferences, beside the profiles' connections: rebound keys, columns per list, a light theme,
// and a profile's production marker (label and colour). Keys and columns are kept raw here: which actions,
// keys, lists and fields exist is the keymap's and the lists' to say (validated at start, above this layer).
import * as z from 'zod/mini';
import '../api/zodLocale.js';
import { UsageError, type Preferences } from './args.js';
import { parseConfigJson, readConfigText, UntrustedConfigError } from './configFile.js';

const THEMES = ['dark', 'light'] as const;

/** Colours a profile's label may have: the terminal's own eight, as every theme has them. */
const LABEL_COLORS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray'] as const;

/** The longest label: it shares the header with the host and the identity. */
const MAX_LABEL = 24;

export const keysSchema = z.optional(
  z.record(z.string(), z.array(z.string({ error: 'must be a key name' }), { error: 'must be a list of key names' }), {
    error: 'must be an object of action names to lists of keys',
  }),
);
/** List command name to the `-o json` fields its table shows; kept raw: the lists say which exist (lists/columnChoice.ts). */
export const columnsSchema = z.optional(
  z.record(z.string(), z.array(z.string({ error: 'must be a field name' }), { error: 'must be a list of field names' }), {
    error: 'must be an object of list names to lists of field names',
  }),
);
export const themeSchema = z.optional(z.enum(THEMES, { error: 'must be "dark" or "light"' }));
export const labelSchema = z.optional(
  z
    .string({ error: 'must be a short text' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'must be a short text' }),
      z.maxLength(MAX_LABEL, { error: `must be at most ${MAX_LABEL} characters` }),
      z.regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, { error: 'must not hold control characters' }),
    ),
);
export const colorSchema = z.optional(z.enum(LABEL_COLORS, { error: `must be one of ${LABEL_COLORS.join(', ')}` }));

const preferencesOnly = z.looseObject({ keys: keysSchema, columns: columnsSchema, theme: themeSchema });

/**
 * With --demo the profiles do not matter (a broken one must not stand in the way), but the
 * preferences do: only `keys`, `columns` and `theme` are read, and refused when wrong. A missing or unreadable
 * file at the default place is no preferences; one that others can write is refused, as always.
 */
export function demoPreferences(path: string, explicit: boolean, describe: (issues: readonly z.core.$ZodIssue[]) => string): Preferences {
  let json: unknown;
  try {
    const file = readConfigText(path, explicit);
    if (!file) return {};
    json = parseConfigJson(path, file.text);
  } catch (error) {
    if (explicit || error instanceof UntrustedConfigError) throw error;
    return {};
  }
  if (typeof json !== 'object' || json === null) return {};
  const result = preferencesOnly.safeParse(json);
  if (!result.success) throw new UsageError(describe(result.error.issues));
  return {
    path,
    ...(result.data.keys ? { keys: result.data.keys } : {}),
    ...(result.data.columns ? { columns: result.data.columns } : {}),
    ...(result.data.theme ? { theme: result.data.theme } : {}),
  };
}
