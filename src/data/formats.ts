// Data formats of the scripting commands and the explorer's export: JSON (one array), NDJSON (one
// row a line) and CSV. Each is a streaming encoder: a beginning, then rows as pages arrive, then
// an end, so that nothing has to hold a whole list.
//
// JSON is the server's data as parsed (unknown keys kept), escaped so that no raw control or
// bidi character can reach a terminal. CSV cells are sanitised, quoted per RFC 4180, and guarded
// against spreadsheet formula injection.
import { hasRawDigits, rawDigits } from '../api/wireFidelity.js';
import { contentSummary } from '../domain/summary.js';
import type { AnyRow, ListKind } from '../api/pages.js';
import { sanitize } from '../terminal/sanitize.js';

export type DataFormat = 'json' | 'ndjson' | 'csv';

export interface RowEncoder {
  begin(): string;
  rows(rows: readonly AnyRow[]): string;
  end(): string;
}

// JSON.stringify escapes C0 controls but not DEL, C1 (0x9b is an 8-bit CSI), the line and
// paragraph separators, or bidi controls. Outside strings JSON has none of these, so escaping
// them anywhere keeps the document equal.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Puts back the digits of an int64 string that became an unsafe number (see wireFidelity.ts). */
function keepDigits(this: unknown, key: string, value: unknown): unknown {
  return typeof value === 'number' ? (rawDigits(this, key) ?? value) : value;
}

/**
 * JSON.stringify, with every character a terminal could act on written as \uXXXX, and int64
 * digits the server sent as a string kept as that string.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, hasRawDigits() ? keepDigits : undefined, indent).replace(
    UNSAFE_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The columns of each list in CSV: the wire fields, nested ones by dotted path. */
export const CSV_FIELDS: Record<ListKind, readonly string[]> = {
  users: ['userID', 'nickname', 'faceURL', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt', 'ex'],
  accounts: ['userID', 'nickName', 'faceURL', 'appMangerLevel'],
  conversations: [
    'conversationID',
    'IsPinned',
    'recvMsgOpt',
    'unreadCount',
    'msgInfo.sessionType',
    'msgInfo.sendID',
    'msgInfo.senderName',
    'msgInfo.recvID',
    'msgInfo.groupID',
    'msgInfo.contentType',
    'msgInfo.LatestMsgRecvTime',
    'summary',
    'msgInfo.content',
  ],
  blacklist: [
    'ownerUserID',
    'blackUserInfo.userID',
    'blackUserInfo.nickname',
    'createTime',
    'addSource',
    'operatorUserID',
    'ex',
  ],
  applications: [
    'fromUserID',
    'toUserID',
    'toNickname',
    'handleResult',
    'reqMsg',
    'createTime',
    'handlerUserID',
    'handleMsg',
    'handleTime',
    'ex',
  ],
};

function field(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    const digits = rawDigits(value, key);
    // Digits only: no formula guard needed, and a bigint is written as it is.
    value = digits !== undefined ? BigInt(digits) : (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The decoded one-line summary of a conversation's latest message (a derived column). */
function csvValue(kind: ListKind, row: AnyRow, path: string): unknown {
  if (kind === 'conversations' && path === 'summary') {
    const msg = field(row, 'msgInfo') as { contentType: number; content: string } | null | undefined;
    return msg ? contentSummary(msg.contentType, msg.content) : '';
  }
  return field(row, path);
}

// A spreadsheet runs a cell that starts with one of these, full-width forms included
// (U+FF1D ＝, U+FF0B ＋, U+FF0D －, U+FF20 ＠).
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell: numbers and booleans as they are; text sanitised (newlines kept, escape
 * sequences and control characters gone), prefixed with ' when a spreadsheet would read it as a
 * formula, and quoted when it holds a comma, quote or newline.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  const raw = typeof value === 'object' ? JSON.stringify(value) : String(value);
  let text = sanitize(raw, { multiline: true });
  // Before sanitising too: it turns a leading tab into spaces and drops a CR, and the cell must
  // still be marked; after, for what sanitising itself brings to the front.
  if (FORMULA_START.test(raw) || FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

export function dataEncoder(kind: ListKind, format: DataFormat): RowEncoder {
  switch (format) {
    case 'json': {
      let first = true;
      return {
        begin: () => '[',
        rows(rows) {
          let out = '';
          for (const row of rows) {
            out += (first ? '\n  ' : ',\n  ') + jsonText(row);
            first = false;
          }
          return out;
        },
        end: () => (first ? ']\n' : '\n]\n'),
      };
    }
    case 'ndjson':
      return {
        begin: () => '',
        rows: (rows) => rows.map((row) => jsonText(row) + '\n').join(''),
        end: () => '',
      };
    case 'csv': {
      const fields = CSV_FIELDS[kind];
      return {
        begin: () => csvLine(fields),
        rows: (rows) => rows.map((row) => csvLine(fields.map((f) => csvValue(kind, row, f)))).join(''),
        end: () => '',
      };
    }
  }
}
