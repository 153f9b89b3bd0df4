// What Tab offers in each prompt: a pure function of the prompt, its text and where the words come
// from. Candidates are whole lines, so that cycling through them is replacing the line.
import type { CommandLine } from './commandLine.js';
import type { AnyRow } from '../api/pages.js';
import type { ListKind } from '../lists/names.js';
import { listDef } from '../lists/registry.js';
import { choosableFields } from '../lists/columnChoice.js';
import { fieldsOf } from '../domain/pageSort.js';
import type { ListState, PromptKind } from './types.js';

export interface CompletionSources {
  /** The user picker's history, newest first. */
  recentUsers: readonly string[];
  /** Profile names of the config file, read when needed. */
  profiles(): readonly string[];
  /** IDs and names on the rows of this page, for the filter, the search and the conversation IDs. */
  rowWords: readonly string[];
  /** The fields the list's columns show, for `:columns` (absent: none). */
  fields?: readonly string[];
  /** The fields `:sort` takes: the columns' first, then every other field of this page's rows. */
  sortFields?: readonly string[];
  /** The `:` commands (absent: none to offer). */
  commands?: CommandLine;
  /** What the list's own prompt offers (lists/<list>.ts `query.prompt.complete`), instead of the page's words. */
  listComplete?: (text: string, rowWords: readonly string[]) => string[];
}

/** Where the words come from, for the list on screen. */
export function sourcesFor(
  recentUsers: readonly string[],
  list: ListState | undefined,
  profiles: () => readonly string[],
  commands?: CommandLine,
): CompletionSources {
  return {
    recentUsers,
    profiles,
    rowWords: list ? rowWords(list.kind, list.rows) : [],
    ...(list && listDef(list.kind).query.prompt?.complete ? { listComplete: listDef(list.kind).query.prompt!.complete! } : {}),
    fields: list ? choosableFields(list.kind) : [],
    sortFields: list ? [...new Set([...choosableFields(list.kind), ...fieldsOf(list.rows)])] : [],
    ...(commands ? { commands } : {}),
  };
}

/** More than a line can show is no help: the first ones are enough to cycle through. */
const MAX_CANDIDATES = 50;

/** Words that start with `prefix`; when none do, words that contain it (any case). */
function matching(words: readonly string[], prefix: string): string[] {
  const unique = [...new Set(words.filter((w) => w !== ''))];
  const starts = unique.filter((w) => w.startsWith(prefix));
  if (starts.length > 0 || prefix === '') return starts.slice(0, MAX_CANDIDATES);
  const needle = prefix.toLowerCase();
  return unique.filter((w) => w.toLowerCase().includes(needle)).slice(0, MAX_CANDIDATES);
}

function commandCompletions(text: string, sources: CompletionSources): string[] {
  const commands = sources.commands;
  if (!commands) return [];
  const withArgument = /^(\s*(\S+)\s+)(.*)$/s.exec(text);
  if (!withArgument) {
    const lead = /^\s*/.exec(text)![0];
    const word = text.slice(lead.length).toLowerCase();
    // A command that takes an argument gets a space after its name, ready for it.
    return commands.words.filter((c) => c.name.startsWith(word)).map((c) => lead + c.name + (c.argument === 'none' ? '' : ' '));
  }
  const [, head = '', word = '', arg = ''] = withArgument;
  switch (commands.resolve(word)?.argument) {
    case 'user':
      return matching(sources.recentUsers, arg.trim()).map((id) => head + id);
    case 'profile':
      return matching([...sources.profiles()].sort(), arg.trim()).map((name) => head + name);
    case 'field':
      return matching(sources.fields ?? [], arg.trim()).map((field) => head + field);
    case 'sort': {
      // `-FIELD` sorts largest first: the minus stays, the field after it is completed.
      const minus = /^\s*-/.test(arg) ? '-' : '';
      return matching(sources.sortFields ?? [], arg.trim().slice(minus.length)).map((field) => head + minus + field);
    }
    case 'trace': {
      // `--to ` completes with the users the picker remembers (a group message's member, often).
      const to = /^(.*--to\s+)(\S*)$/s.exec(arg);
      return to ? matching(sources.recentUsers, to[2]!).map((id) => head + to[1]! + id) : [];
    }
    default:
      return []; // page N, and commands without an argument
  }
}

/** Conversation IDs are a list: the last item is completed, and IDs already listed are not offered again. */
function listCompletions(text: string, words: readonly string[]): string[] {
  const start = text.search(/[^\s,]*$/);
  const head = text.slice(0, start);
  const listed = new Set(head.split(/[\s,]+/).filter(Boolean));
  return matching(
    words.filter((w) => !listed.has(w)),
    text.slice(start),
  ).map((w) => head + w);
}

export function promptCompletions(kind: PromptKind, text: string, sources: CompletionSources): string[] {
  switch (kind) {
    case 'command':
      return commandCompletions(text, sources);
    case 'user':
      return matching(sources.recentUsers, text.trim());
    case 'ids':
      return listCompletions(text, sources.rowWords);
    case 'detailSearch':
    case 'export':
    case 'exportConfirm':
      return [];
    case 'search':
      return sources.listComplete ? sources.listComplete(text, sources.rowWords) : matching(sources.rowWords, text.trim());
    case 'filter':
      return matching(sources.rowWords, text.trim());
  }
}

/** The IDs (and names) a page's rows show, in row order: what an operator would copy from the screen. */
export function rowWords(kind: ListKind, rows: readonly AnyRow[]): string[] {
  const { completionWords } = listDef(kind);
  const words = rows.flatMap((row) => completionWords(row));
  // Server strings: nothing a prompt could not hold or show.
  return words.filter((w) => typeof w === 'string' && w !== '' && w.length <= 256 && !/[\u0000-\u001f\u007f-\u009f]/.test(w));
}
