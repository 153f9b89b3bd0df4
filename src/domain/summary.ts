// THE one-line summary of a message, for the conversations table and the CSV `summary` column.
import type { MsgInfo } from '../api/schemas.js';
import { decodeContent } from '../content/decode.js';
import { BoundedCache } from './caches.js';

/** Non-text summaries already start with their kind ("[Picture] …"); text reads best bare. */
export function contentSummary(contentType: number, content: string): string {
  const decoded = decodeContent(contentType, content);
  return decoded.summary || `[${decoded.typeName}]`;
}

const summaries = new BoundedCache<Pick<MsgInfo, 'contentType' | 'content'>, string>('message summaries', 4096);
/** Decoding is not free and rows re-render on every key: once per message is enough. */
export function messageSummary(msg: Pick<MsgInfo, 'contentType' | 'content'> | null): string {
  if (!msg) return '(no message)';
  return summaries.through(msg, () => contentSummary(msg.contentType, msg.content));
}
