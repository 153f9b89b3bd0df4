// The `:` command line: parsing and completion. Executing a command is the store's job.

export type Command =
  | { name: 'users' }
  | { name: 'accounts' }
  | { name: 'user'; userID: string }
  | { name: 'page'; page: number }
  | { name: 'profile'; profile: string }
  | { name: 'help' }
  | { name: 'quit' };

export const COMMAND_NAMES = ['users', 'accounts', 'user', 'page', 'profile', 'help', 'quit'] as const;

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
    case 'user':
      return arg ? { ok: true, command: { name, userID: arg } } : { ok: false, error: 'usage: :user <userID>' };
    case 'page': {
      const page = Number(arg);
      return Number.isInteger(page) && page >= 1
        ? { ok: true, command: { name, page } }
        : { ok: false, error: 'usage: :page <number from 1>' };
    }
    case 'profile':
      return arg ? { ok: true, command: { name, profile: arg } } : { ok: false, error: 'usage: :profile <name>' };
    default:
      return { ok: false, error: word ? `unknown command: ${word} (try ${COMMAND_NAMES.join(', ')})` : 'type a command' };
  }
}

/** Accepts unambiguous prefixes and a few aliases, as vim and k9s do. */
function resolveName(word: string): string | undefined {
  const aliases: Record<string, string> = { q: 'quit', 'q!': 'quit', u: 'users', a: 'accounts', sys: 'accounts', p: 'page' };
  if (aliases[word]) return aliases[word];
  if ((COMMAND_NAMES as readonly string[]).includes(word)) return word;
  const matches = COMMAND_NAMES.filter((n) => n.startsWith(word));
  return word && matches.length === 1 ? matches[0] : undefined;
}

/** Tab completion of the command word; the line is returned unchanged when nothing fits. */
export function completeCommand(line: string): string {
  const trimmed = line.replace(/^\s+/, '');
  if (/\s/.test(trimmed)) return line;
  const matches = COMMAND_NAMES.filter((n) => n.startsWith(trimmed.toLowerCase()));
  if (matches.length === 1) return matches[0] + (matches[0] === 'user' || matches[0] === 'page' || matches[0] === 'profile' ? ' ' : '');
  if (matches.length > 1) return commonPrefix(matches);
  return line;
}

/** Completion candidates, shown under the prompt. */
export function commandCandidates(line: string): string[] {
  const trimmed = line.trim().toLowerCase();
  if (/\s/.test(trimmed)) return [];
  return COMMAND_NAMES.filter((n) => n.startsWith(trimmed));
}

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const w of words) while (!w.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
