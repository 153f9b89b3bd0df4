// Columns per list: the config file's `columns` ({ "users": ["userID", "createTime"] }) and the
// explorer's `:columns FIELD`. A column is chosen by the `-o json` field it shows (Column.field),
// so a list's table and its JSON speak the same names; derived columns show no single field and
// cannot be chosen. The words for a wrong choice are made here; the config file's one check
// (config/validate.ts, a layer above) says them with the file's other problems.
import type { ListKind } from './names.js';
import { sanitize } from '../terminal/sanitize.js';
import type { Column } from '../domain/columns.js';
import { LIST_KINDS, LIST_NAMES } from './names.js';
import { defaultColumns } from './pageExtras.js';
import { listDef } from './registry.js';

/** The config file's `columns`, as read: list command name to fields. */
export type RawColumnChoice = Readonly<Record<string, readonly string[]>>;
/** Checked: each list chosen for, by kind, to its fields in order. */
export type ColumnChoice = Readonly<Partial<Record<ListKind, readonly string[]>>>;

/** A name from the file, as a message may show it: sanitised, bounded, quoted. */
const quoted = (name: string): string => JSON.stringify(sanitize(name.slice(0, 64)));

/** The fields a list's columns can be chosen by, in the columns' order. */
export function choosableFields(kind: ListKind): string[] {
  return listDef(kind).columns.flatMap((c) => (c.field === undefined ? [] : [c.field]));
}

/** What the message adds about a list's columns that no field chooses. */
function derivedNote(kind: ListKind): string {
  const derived = listDef(kind).columns.filter((c) => c.field === undefined).map((c) => c.title);
  return derived.length > 0 ? `; ${derived.join(', ')} show no single field and cannot be chosen` : '';
}

/** Checks the raw choice: the choice by kind, and what is wrong with it (one phrase each). */
export function checkColumnChoice(raw: RawColumnChoice): { choice: ColumnChoice; problems: string[] } {
  const problems: string[] = [];
  const choice: Partial<Record<ListKind, readonly string[]>> = {};
  const commands = LIST_KINDS.map((k) => LIST_NAMES[k].command);
  for (const [name, fields] of Object.entries(raw)) {
    const kind = LIST_KINDS.find((k) => LIST_NAMES[k].command === name);
    if (kind === undefined) {
      problems.push(`unknown list ${quoted(name)} (lists: ${commands.join(', ')})`);
      continue;
    }
    const known = choosableFields(kind);
    const unknown = fields.filter((f) => !known.includes(f));
    if (fields.length === 0) problems.push(`${name}: give at least one field (fields: ${known.join(', ')})`);
    else if (unknown.length > 0) {
      problems.push(
        `${name}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => quoted(f)).join(', ')} (fields: ${known.join(', ')}${derivedNote(kind)})`,
      );
    } else choice[kind] = [...new Set(fields)];
  }
  return { choice, problems };
}

/** The choice in force (the config file was checked at start, config/validate.ts: what is wrong was refused there). */
export function columnChoiceOf(raw: RawColumnChoice | undefined): ColumnChoice {
  return raw ? checkColumnChoice(raw).choice : {};
}

/** The columns shown: those of `fields` in that order, or all of them without a choice. */
export function chosenColumns<Row>(columns: readonly Column<Row>[], fields: readonly string[] | undefined): readonly Column<Row>[] {
  if (fields === undefined) return columns;
  return fields.flatMap((f) => columns.filter((c) => c.field === f));
}

/**
 * `:columns FIELD`: the field's column hidden when shown, or shown again (last) when hidden. The
 * columns' keys, not fields: without a choice every column shows, derived ones included, and
 * hiding one keeps the others. An unknown field is a message naming the list's fields.
 */
export function toggleColumn(kind: ListKind, shown: readonly string[] | undefined, field: string): { keys: string[] } | { error: string } {
  const def = listDef(kind);
  const column = def.columns.find((c) => c.field === field);
  if (!column) return { error: `no column shows ${field} here (fields: ${choosableFields(kind).join(', ')}${derivedNote(kind)})` };
  const keys = shown ?? defaultColumns(def).map((c) => c.key);
  if (!keys.includes(column.key)) return { keys: [...keys, column.key] };
  const rest = keys.filter((k) => k !== column.key);
  return rest.length > 0 ? { keys: rest } : { error: 'the table needs one column at least' };
}

/**
 * The column keys a choice of fields shows (the explorer's starting point for `:columns`);
 * without a choice, undefined when every column shows, else the ones shown without a choice.
 */
export function chosenKeys(kind: ListKind, fields: readonly string[] | undefined): string[] | undefined {
  const def = listDef(kind);
  if (fields !== undefined) return chosenColumns(def.columns, fields).map((c) => c.key);
  const shown = defaultColumns(def);
  return shown.length === def.columns.length ? undefined : shown.map((c) => c.key);
}

/** The columns of these keys, in that order; all of them without keys. */
export function columnsByKeys<Row>(columns: readonly Column<Row>[], keys: readonly string[] | undefined): readonly Column<Row>[] {
  if (keys === undefined) return columns;
  return keys.flatMap((k) => columns.filter((c) => c.key === k));
}
