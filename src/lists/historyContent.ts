// A history message's content as the wire has it: base64 of the JSON a client stored (contract
// §11). Decoded once here for the table's summary, the detail and CSV.
import { decodeContent, type DecodedContent } from '../content/decode.js';
import { formatBytes } from '../content/format.js';
import { contentSummary } from '../domain/summary.js';
import { glyphs } from '../terminal/glyphs.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The content's text: base64 decoded; a server that sends the text itself (not base64) is read as
 * it is. Base64 whose bytes are not UTF-8 is no text at all: `bytes` says how many (its base64
 * read as the message passed for one).
 */
function contentOf(content: string): { text: string } | { bytes: number } {
  if (/^\s*[{["]/.test(content) || !BASE64.test(content)) return { text: content };
  const bytes = Buffer.from(content, 'base64');
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { bytes: bytes.length };
  }
}

/** The JSON text, else the content as sent (CSV's `content` keeps the base64 of bytes that are not text). */
export function contentText(content: string): string {
  const of = contentOf(content);
  return 'text' in of ? of.text : content;
}

const notText = (bytes: number): string => `${glyphs().open}not text: ${formatBytes(bytes)} after base64${glyphs().close}`;

/** The table's one line: the decoded summary, or the size of bytes that are not text. */
export function messageContentSummary(contentType: number, content: string): string {
  const of = contentOf(content);
  return 'text' in of ? contentSummary(contentType, of.text) : notText(of.bytes);
}

/** The detail's content: decoded, or for bytes that are not text, their size in words. */
export function messageContent(contentType: number, content: string): DecodedContent {
  const of = contentOf(content);
  if ('text' in of) return decodeContent(contentType, of.text);
  return {
    ...decodeContent(contentType, ''),
    summary: notText(of.bytes),
    notes: [`the content is ${formatBytes(of.bytes)} that are not UTF-8 text once base64 is decoded (-o json has the base64 as sent)`],
  };
}
