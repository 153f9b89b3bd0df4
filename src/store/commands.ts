// The `:` command line: parsing (completion is in completion.ts). Executing a command is the store's job.
import { checkID } from './ids.js';

export type Command =
  | { name: 'users' }
  | { name: 'accounts' }
  | { name: 'user'; userID: string }
  | { name: 'page'; page: number }
  | { name: 'profile'; profile: string }
  /** No field: the server's order again. */
  | { name: 'sort'; field?: string; desc: boolean }
  | { name: 'columns'; field: string }
  | { name: 'help' }
  | { name: 'quit' };

export const COMMAND_NAMES = ['users', 'accounts', 'user', 'page', 'profile', 'sort', 'columns', 'help', 'quit'] as const;

export type ParsedCommand = { ok: true; command: Command } | { ok: false; error: string };

export function parseCommand(line: string): ParsedCommand {
  const [word = '', ...args] = line.trim().replace(/^:/, '').split(/\s+/);
  const name = resolveName(word.toLowerCase());
  const arg = args.join(' ').trim();
  switch (name) {
    case 'users':
    case 'accounts':
    case 'help':
    case 'quit':
      return { ok: true, command: { name } };
    case 'user': {
      if (!arg) return { ok: false, error: 'usage: :user <userID>' };
      const id = checkID(arg, 'user ID');
      return id.ok ? { ok: true, command: { name, userID: id.value } } : { ok: false, error: id.error };
    }
    case 'page': {
      const page = Number(arg);
      return Number.isInteger(page) && page >= 1
        ? { ok: true, command: { name, page } }
        : { ok: false, error: 'usage: :page <number from 1>' };
    }
    case 'profile':
      return arg ? { ok: true, command: { name, profile: arg } } : { ok: false, error: 'usage: :profile <name>' };
    case 'sort': {
      if (!arg) return { ok: true, command: { name, desc: false } };
      const desc = arg.startsWith('-');
      const field = arg.replace(/^[-+]/, '');
      return /^[A-Za-z_][\w.]*$/.test(field)
        ? { ok: true, command: { name, field, desc } }
        : { ok: false, error: 'usage: :sort FIELD (largest first: :sort -FIELD; the server\'s order: :sort)' };
    }
    case 'columns':
      return /^[A-Za-z_][\w.]*$/.test(arg)
        ? { ok: true, command: { name, field: arg } }
        : { ok: false, error: 'usage: :columns FIELD (hides its column, or shows it again)' };
    default:
      return { ok: false, error: word ? `unknown command: ${word} (try ${COMMAND_NAMES.join(', ')})` : 'type a command' };
  }
}

/** Accepts unambiguous prefixes and a few aliases, as vim and k9s do. */
export function resolveName(word: string): string | undefined {
  const aliases: Record<string, string> = { q: 'quit', 'q!': 'quit', u: 'users', a: 'accounts', sys: 'accounts', p: 'page' };
  if (aliases[word]) return aliases[word];
  if ((COMMAND_NAMES as readonly string[]).includes(word)) return word;
  const matches = COMMAND_NAMES.filter((n) => n.startsWith(word));
  return word && matches.length === 1 ? matches[0] : undefined;
}
