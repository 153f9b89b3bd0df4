// The docs' table of the lists, made from the registry (src/lists/names.ts and registry.ts): each
// list's scripting command and synopsis, where it shows in the explorer, what Enter opens and its
// columns. `npm run docs:lists` writes it between the markers below in docs/scripting.md and
// docs/what-it-shows.md, and a test fails when a doc holds anything else there (a list left out).
import { LIST_KINDS, LIST_NAMES, USER_TABS, isUserTab, type ListKind } from '../src/lists/names.js';
import { listDef } from '../src/lists/registry.js';

export const LISTS_TABLE_BEGIN = '<!-- lists:begin (npm run docs:lists writes this table from src/lists/) -->';
export const LISTS_TABLE_END = '<!-- lists:end -->';
/** The docs that hold the table. */
export const LISTS_TABLE_DOCS = ['docs/scripting.md', 'docs/what-it-shows.md'] as const;

const cell = (text: string): string => text.replaceAll('|', '\\|');

function where(kind: ListKind): string {
  if (isUserTab(kind)) return `user screen, tab ${USER_TABS.indexOf(kind) + 1}`;
  const parents = LIST_KINDS.filter((k) => listDef(k).opens?.kind === kind).map((k) => (isUserTab(k) ? `a user's ${LIST_NAMES[k].title} tab` : LIST_NAMES[k].title));
  if (LIST_NAMES[kind].place === 'drill') return `Enter on a row of ${parents.join(', ')}`;
  return `screen of its own, \`:${LIST_NAMES[kind].command}\``;
}

function enterOpens(kind: ListKind): string {
  const def = listDef(kind);
  if (def.opens) return LIST_NAMES[def.opens.kind].title;
  return def.enterOpensUser ? 'the user' : 'the detail';
}

/** One row of the table: the list's row, as the docs show it. */
export function listRow(kind: ListKind): string {
  const names = LIST_NAMES[kind];
  const columns = listDef(kind).columns.map((c) => c.title).join(', ');
  return `| \`${cell(names.command)}\` | \`${cell(names.usage[0] ?? names.command)}\` | ${cell(names.title)} | ${cell(where(kind))} | ${cell(enterOpens(kind))} | ${cell(columns)} |`;
}

/** The table of every list, markers included. */
export function listsTableMarkdown(): string {
  return [
    LISTS_TABLE_BEGIN,
    '| command | synopsis | list | where in the explorer | Enter opens | columns |',
    '|---|---|---|---|---|---|',
    ...LIST_KINDS.map(listRow),
    LISTS_TABLE_END,
  ].join('\n');
}

/** A doc with its lists table replaced by `table`; undefined when the markers are missing. */
export function withListsTable(doc: string, table: string): string | undefined {
  const begin = doc.indexOf(LISTS_TABLE_BEGIN);
  const end = doc.indexOf(LISTS_TABLE_END);
  if (begin < 0 || end < begin) return undefined;
  return doc.slice(0, begin) + table + doc.slice(end + LISTS_TABLE_END.length);
}
