// Data formats of the scripting commands and the explorer's export: JSON (one array), NDJSON (one
// row a line) and CSV (csv.ts). Each is a streaming encoder: a beginning, then rows as pages
// arrive, then an end, so that nothing has to hold a whole list.
//
// JSON is the server's data as parsed (unknown keys kept), escaped so that no raw control or
// bidi character can reach a terminal. This module loads nothing else: CSV (with the decoded
// summary of a conversation, and so the content decoders and display widths) is in its own.
import { escapeJsonText } from '../api/inertText.js';
import { carriesRawDigits, rawDigits } from '../api/wireFidelity.js';
import type { AnyRow } from '../api/pages.js';

export type DataFormat = 'json' | 'ndjson' | 'csv';

export interface RowEncoder {
  begin(): string;
  rows(rows: readonly AnyRow[]): string;
  end(): string;
}

/** Puts back the digits of an int64 string that became an unsafe number (see wireFidelity.ts). */
function keepDigits(this: unknown, key: string, value: unknown): unknown {
  return typeof value === 'number' ? (rawDigits(this, key) ?? value) : value;
}

/**
 * JSON.stringify, with every character a terminal could act on written as \uXXXX, and int64
 * digits the server sent as a string kept as that string.
 */
export function jsonText(value: unknown): string {
  return escapeJsonText(JSON.stringify(value, carriesRawDigits(value) ? keepDigits : undefined));
}

// The encoders below escape a page's text once rather than each row's: one scan of the page
// instead of a call and a scan a row (the escapes are the same: JSON text between rows has none
// of these characters).

/** JSON (one array, streamed) or NDJSON (one row a line). */
export function jsonEncoder(format: 'json' | 'ndjson'): RowEncoder {
  switch (format) {
    case 'json': {
      let first = true;
      return {
        begin: () => '[',
        rows(rows) {
          let out = '';
          for (const row of rows) {
            out += (first ? '\n  ' : ',\n  ') + JSON.stringify(row, carriesRawDigits(row) ? keepDigits : undefined);
            first = false;
          }
          return escapeJsonText(out);
        },
        end: () => (first ? ']\n' : '\n]\n'),
      };
    }
    case 'ndjson':
      return {
        begin: () => '',
        rows(rows) {
          let out = '';
          for (const row of rows) out += JSON.stringify(row, carriesRawDigits(row) ? keepDigits : undefined) + '\n';
          return escapeJsonText(out);
        },
        end: () => '',
      };
  }
}
