// The message search's query, as the prompt edits it (`from:ID to:ID type:NAME|N
// session:single|group day:YYYY-MM-DD`) and as the scripting flags give it: parsed once here,
// with every problem said in words so that nothing malformed is sent. The day is typed as a local
// day; the server takes one UTC day (`sendTime`), so the query says which one it sends.
import { contentTypeCode, contentTypeName, CONTENT_TYPE_NAMES, isKnownContentType } from '../content/enums.js';
import { formatUtcOffset } from '../content/format.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import type { QueryFlags } from './types.js';

export interface MessageQuery {
  /** sendID ('' any). */
  from: string;
  /** recvID: a user, or a group's ID ('' any). */
  to: string;
  /** contentType (0 any). */
  type: number;
  session: '' | 'single' | 'group';
  /** The local day typed, YYYY-MM-DD ('' any). */
  day: string;
}

export const ANY_MESSAGE: MessageQuery = { from: '', to: '', type: 0, session: '', day: '' };

/** The words the prompt takes, in the order its text writes them. */
export const QUERY_WORDS = ['from', 'to', 'type', 'session', 'day'] as const;
type QueryWord = (typeof QUERY_WORDS)[number];
const SESSIONS = ['single', 'group'] as const;
/** sessionType on the wire (§6.1): 1 single, 3 group. */
export const SESSION_TYPE = { single: 1, group: 3 } as const;

type Parsed = { ok: true; query: MessageQuery } | { ok: false; problem: string };

/** A YYYY-MM-DD that names a real day, or undefined. */
function realDay(text: string): { y: number; m: number; d: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? { y, m, d } : undefined;
}

/**
 * The UTC day sent for a local day: the one holding the local day's noon, which holds most of it
 * (all of it at UTC+00:00). The server has no range, so a day is all one search can ask.
 */
export function utcDayOf(localDay: string): string {
  const day = realDay(localDay);
  if (!day) return '';
  return new Date(day.y, day.m - 1, day.d, 12).toISOString().slice(0, 10);
}

/** The words for one value, or the problem with it. */
function parseValue(word: QueryWord, value: string): Partial<MessageQuery> | string {
  if (value === '') return `${word}: needs a value`;
  switch (word) {
    case 'from':
      return { from: value };
    case 'to':
      return { to: value };
    case 'type': {
      const code = contentTypeCode(value);
      return code === undefined ? `type "${truncate(displayText(value), 24)}" is no content type: a name (Tab lists them) or a number` : { type: code };
    }
    case 'session':
      return (SESSIONS as readonly string[]).includes(value)
        ? { session: value as MessageQuery['session'] }
        : `session is single or group (notifications are never searched), not "${truncate(displayText(value), 24)}"`;
    case 'day':
      return realDay(value) ? { day: value } : `day is a date, YYYY-MM-DD (a local day), not "${truncate(displayText(value), 24)}"`;
  }
}

/** The prompt's text as a query, or the first problem in it, in words. An empty text: every message. */
export function parseMessageQuery(text: string): Parsed {
  let query = { ...ANY_MESSAGE };
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const colon = token.indexOf(':');
    const word = token.slice(0, colon).toLowerCase();
    if (colon < 0 || !(QUERY_WORDS as readonly string[]).includes(word)) {
      return { ok: false, problem: `"${truncate(displayText(token), 24)}": use ${QUERY_WORDS.map((w) => `${w}:`).join(' ')}` };
    }
    const parsed = parseValue(word as QueryWord, token.slice(colon + 1));
    if (typeof parsed === 'string') return { ok: false, problem: parsed };
    query = { ...query, ...parsed };
  }
  return { ok: true, query };
}

/** How a type is written back: its name when it has one, else its number. */
const typeWord = (type: number): string => (isKnownContentType(type) ? contentTypeName(type) : String(type));

/** The query as the prompt's text (what `parseMessageQuery` reads back). */
export function messageQueryText(q: MessageQuery): string {
  const values: Record<QueryWord, string> = { from: q.from, to: q.to, type: q.type ? typeWord(q.type) : '', session: q.session, day: q.day };
  return QUERY_WORDS.filter((w) => values[w] !== '').map((w) => `${w}:${values[w]}`).join(' ');
}

/** The day's words: the local day typed, its zone, and the UTC day the server is asked for. */
export function dayWords(day: string): string {
  const at = realDay(day);
  if (!at) return '';
  const zone = formatUtcOffset(new Date(at.y, at.m - 1, at.d, 12).getTime());
  return zone === '+00:00' ? `day ${day} (UTC)` : `day ${day} (local, UTC${zone}) sends UTC day ${utcDayOf(day)}`;
}

/** The breadcrumb's words for the query: its text, and what its day sends (the status line may be too narrow for it). */
export function messageCrumb(q: MessageQuery): string {
  const text = messageQueryText(q);
  return q.day ? `${text} ${dayWords(q.day).replace(/^day \S+ /, '')}` : text;
}

/** The request's filter fields: only those set (the server reads an absent one as any). */
export function searchFields(q: MessageQuery): Record<string, string | number> {
  return {
    ...(q.from ? { sendID: q.from } : {}),
    ...(q.to ? { recvID: q.to } : {}),
    ...(q.type ? { contentType: q.type } : {}),
    ...(q.session ? { sessionType: SESSION_TYPE[q.session] } : {}),
    ...(q.day ? { sendTime: utcDayOf(q.day) } : {}),
  };
}

/** Tab on the prompt: the last word's key (`ty` → `type:`), a type's name, a session, or an ID from the page. */
export function completeMessageQuery(text: string, rowWords: readonly string[]): string[] {
  const start = text.search(/\S*$/);
  const head = text.slice(0, start);
  const last = text.slice(start);
  const colon = last.indexOf(':');
  if (colon < 0) return QUERY_WORDS.map((w) => `${w}:`).filter((w) => w.startsWith(last.toLowerCase())).map((w) => head + w);
  const word = last.slice(0, colon).toLowerCase();
  const typed = last.slice(colon + 1);
  const values = word === 'type' ? CONTENT_TYPE_NAMES : word === 'session' ? SESSIONS : word === 'from' || word === 'to' ? rowWords : [];
  const lower = typed.toLowerCase();
  return [...new Set(values)]
    .filter((v) => v.toLowerCase().startsWith(lower))
    .slice(0, 50)
    .map((v) => `${head}${word}:${v}`);
}

/** The scripting flags as the prompt's words, so that both are checked by one parser. */
function flagsText(flags: QueryFlags): string {
  return QUERY_WORDS.flatMap((w) => {
    const value = flags[w];
    return typeof value === 'string' ? [`${w}:${value.trim()}`] : [];
  }).join(' ');
}

/** What is wrong with the flags (`--type nope`), in words; undefined when nothing is. */
export function messageFlagsProblem(flags: QueryFlags): string | undefined {
  for (const w of QUERY_WORDS) {
    const value = flags[w];
    if (typeof value === 'string' && /\s/.test(value.trim())) return `--${w} takes one word, not "${truncate(displayText(value), 24)}"`;
  }
  const parsed = parseMessageQuery(flagsText(flags));
  return parsed.ok ? undefined : `--${parsed.problem.replace(/^"(.*)": use .*/, '$1')}`;
}

export function messageQueryFromFlags(flags: QueryFlags): MessageQuery {
  const parsed = parseMessageQuery(flagsText(flags));
  return parsed.ok ? parsed.query : ANY_MESSAGE;
}
