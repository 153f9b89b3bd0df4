// The one entry point: contentType + content string -> summary, facts, tree, notes.
// Content is whatever a client or admin stored, so every step degrades to "show it as text"
// with a note rather than failing.
import { Collector } from './collector.js';
import { compactJson } from './compact.js';
import { contentTypeName, isKnownContentType } from './enums.js';
import { formatBytes, formatCount } from './format.js';
import { MESSAGE_SUMMARIZERS } from './messages.js';
import { genericFacts, isNotificationType, notificationPhrase, summarizeNotification } from './notifications.js';
import { DEFAULT_LIMITS, newParseContext, parseJsonText, type Limits, type ParseStats } from './parse.js';
import { MAX_SUMMARY_CELLS, oneLine } from './text.js';
import type { DecodedContent, JsonNode } from './types.js';
import { asObject, kindWord, rawField, textOf } from './view.js';

export type { DecodedContent } from './types.js';

/** Content larger than this (UTF-8 bytes, as on the wire) is not parsed, only shown as text. */
export const MAX_CONTENT_BYTES = 256 * 1024;

export interface DecodeOptions {
  limits?: Limits;
  maxContentBytes?: number;
}

interface Decoded {
  summary: string;
  tree: JsonNode | null;
}

function capNotes(stats: ParseStats, limits: Limits, out: Collector): void {
  if (stats.depthElided > 0) {
    out.note(`nesting deeper than ${limits.maxDepth} levels is not shown (${formatCount(stats.depthElided)} elided)`);
  }
  if (stats.entriesLeftOut > 0) {
    const why = stats.nodeBudgetHit
      ? `the tree stops at ${formatCount(limits.maxNodes)} values`
      : `objects and arrays are cut at ${formatCount(limits.maxEntries)} entries`;
    out.note(`${formatCount(stats.entriesLeftOut)} entries not shown: ${why}`);
  }
}

type Body = { body: JsonNode; complained: boolean } | { summary: string };

/** Notification content is {"detail": "<JSON>"}; finds the payload or says why there is none. */
function notificationBody(contentType: number, root: JsonNode, out: Collector): Body {
  // A type we have no name for may not be a notification at all: unwrap a detail if there is
  // one, but there is nothing to complain about when there is not.
  const known = isKnownContentType(contentType);
  const rootObject = asObject(root);
  if (rootObject === undefined) {
    if (known) out.note(`content is ${kindWord(root)}, expected an object with a detail`);
    return { body: root, complained: known };
  }
  const detail = rawField(rootObject, 'detail');
  if (detail === undefined) {
    if (known) out.note('notification has no detail; showing the content itself');
    return { body: root, complained: false };
  }
  if (detail.kind === 'embedded') return { body: detail.value, complained: false };
  if (detail.kind === 'object') return { body: detail, complained: false };
  if (!known) return { body: root, complained: false };
  const text = textOf(detail);
  if (text === undefined || text.trim() === '') {
    out.note(text === undefined ? `detail is ${kindWord(detail)}, expected a JSON string` : 'detail is empty');
    return { summary: notificationPhrase(contentType) };
  }
  out.note('detail is not JSON; shown as text');
  out.fact('Detail', text);
  return { summary: `${notificationPhrase(contentType)}: ${text}` };
}

function summarize(contentType: number, root: JsonNode, out: Collector): string {
  let body: JsonNode = root;
  let complained = false;
  if (isNotificationType(contentType)) {
    const found = notificationBody(contentType, root, out);
    if ('summary' in found) return found.summary;
    ({ body, complained } = found);
  }
  const bodyObject = asObject(body);
  const summarizer = MESSAGE_SUMMARIZERS[contentType];
  const known = isKnownContentType(contentType);
  if (bodyObject !== undefined) {
    if (summarizer !== undefined) return summarizer(bodyObject, out, 0);
    if (isNotificationType(contentType)) return summarizeNotification(contentType, bodyObject, out, 0);
  } else if ((summarizer !== undefined || (known && isNotificationType(contentType))) && !complained) {
    out.note(`content is ${kindWord(body)}, expected an object`);
  }
  genericFacts(body, out);
  return compactJson(body);
}

/** At most the first `max` bytes of a string, ending on a whole character. */
function headBytes(s: string, max: number): string {
  const buf = Buffer.from(s.slice(0, max), 'utf8');
  let end = Math.min(max, buf.length);
  // Step back over UTF-8 continuation bytes (10xxxxxx) so no character is cut in half.
  while (end > 0 && end < buf.length && ((buf[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return buf.subarray(0, end).toString('utf8');
}

function decodeText(contentType: number, raw: string, out: Collector, options: DecodeOptions): Decoded {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const maxBytes = options.maxContentBytes ?? MAX_CONTENT_BYTES;
  if (raw.trim() === '') {
    out.note('content is empty');
    return { summary: '(empty)', tree: null };
  }
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > maxBytes) {
    const size = formatBytes(bytes);
    out.note(`content is ${size}, over the ${formatBytes(maxBytes)} limit: not decoded, the first ${formatBytes(maxBytes)} shown as text`);
    return { summary: `[${contentTypeName(contentType)}] ${size}, too large to decode`, tree: { kind: 'string', value: headBytes(raw, maxBytes) } };
  }
  const ctx = newParseContext(limits);
  const parsed = parseJsonText(raw, ctx);
  if (!parsed.ok) {
    out.note(`content is not JSON (${parsed.error}); shown as text`);
    return { summary: raw, tree: { kind: 'string', value: raw } };
  }
  capNotes(ctx.stats, limits, out);
  if (parsed.node.kind === 'null') {
    out.note('content is JSON null');
    return { summary: '(no content)', tree: parsed.node };
  }
  return { summary: summarize(contentType, parsed.node, out), tree: parsed.node };
}

/** Decodes a message's content for display. Never throws. */
export function decodeContent(contentType: number, content: string, options: DecodeOptions = {}): DecodedContent {
  const typeName = contentTypeName(contentType);
  // The wire type says string, but a hand-built caller or a bad cast may pass anything.
  const raw = typeof content === 'string' ? content : content === null || content === undefined ? '' : String(content);
  const out = new Collector();
  let decoded: Decoded;
  try {
    decoded = decodeText(contentType, raw, out, options);
  } catch (err) {
    // A bug in a summariser must not take the screen down; the raw text is still worth showing.
    out.note(`could not decode content: ${err instanceof Error ? err.message : 'unknown error'}`);
    decoded = { summary: raw, tree: raw === '' ? null : { kind: 'string', value: headBytes(raw, MAX_CONTENT_BYTES) } };
  }
  const summary = oneLine(decoded.summary, MAX_SUMMARY_CELLS).trim() || `[${typeName}]`;
  return { typeName, summary, facts: out.facts, tree: decoded.tree, notes: out.notes, raw };
}
