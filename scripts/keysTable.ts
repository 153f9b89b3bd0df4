// The Keys table (docs/keys.md, which README links to), made from the same entries as help:
// `npm run docs:keys` writes it between the markers below, and a test fails when the doc holds
// anything else there.
import { DEFAULT_KEYS } from '../src/keys/keymap.js';
import { helpEntries } from '../src/keys/help.js';

/** The doc that holds the table, from the repository's root. */
export const KEYS_DOC = 'docs/keys.md';

export const KEYS_TABLE_BEGIN = '<!-- keys:begin (npm run docs:keys writes this table from src/keys/bindings.ts) -->';
export const KEYS_TABLE_END = '<!-- keys:end -->';

const cell = (text: string): string => text.replaceAll('|', '\\|');
const code = (labels: readonly string[]): string => labels.map((k) => (k === '`' ? '`` ` ``' : `\`${cell(k)}\``)).join(' ');

/** The table of the default keys (the config file's `keys` rebinds them), markers included. */
export function keysTableMarkdown(): string {
  const lines = [KEYS_TABLE_BEGIN, '| where | keys | action | what it does |', '|---|---|---|---|'];
  let group = '';
  for (const entry of helpEntries(DEFAULT_KEYS)) {
    const where = entry.group === group ? '' : entry.group;
    group = entry.group;
    lines.push(`| ${cell(where)} | ${code(entry.labels)} | ${entry.action ? `\`${entry.action}\`` : ''} | ${cell(entry.description)} |`);
  }
  lines.push(KEYS_TABLE_END);
  return lines.join('\n');
}

/** README with its Keys table replaced by `table`; undefined when the markers are missing. */
export function withKeysTable(readme: string, table: string): string | undefined {
  const begin = readme.indexOf(KEYS_TABLE_BEGIN);
  const end = readme.indexOf(KEYS_TABLE_END);
  if (begin < 0 || end < begin) return undefined;
  return readme.slice(0, begin) + table + readme.slice(end + KEYS_TABLE_END.length);
}
