// Summaries and facts for user messages (contentType 101–120), read from the SDK's
// Elem field names (contract §6.2). Every key may be missing: the SDK uses omitempty.
import { Collector, type Summarizer } from './collector.js';
import { compactJson } from './compact.js';
import { contentTypeName } from './enums.js';
import { formatBytes, formatCount, formatDuration } from './format.js';
import { joinParts } from './text.js';
import type { JsonNode } from './types.js';
import { asObject, field, firstField, kindWord, list, listLength, num, numberOf, rawField, str, textOf, type ObjectNode } from './view.js';

/** How many quotes inside quotes are followed before giving up. */
const MAX_QUOTE_DEPTH = 3;
/** Abstract lines of a merged message listed as facts. */
const MAX_ABSTRACT_FACTS = 20;
/** Names listed in a one-line summary before '+N more'. */
const MAX_NAMES = 5;

const bytes = (n: number | undefined): string | undefined => (n === undefined ? undefined : formatBytes(n));
const duration = (n: number | undefined): string | undefined => (n === undefined ? undefined : formatDuration(n));

function dimensions(w: number | undefined, h: number | undefined): string | undefined {
  return w !== undefined && h !== undefined && (w > 0 || h > 0) ? `${w}×${h} px` : undefined;
}

/** 'Alice, Bob, Carol +2 more'. */
export function nameList(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const shown = names.slice(0, MAX_NAMES).join(', ');
  return names.length > MAX_NAMES ? `${shown} +${formatCount(names.length - MAX_NAMES)} more` : shown;
}

/** A text body: the string, or (when a client sent something else) a note and a compact rendering. */
function textField(body: ObjectNode, keys: readonly string[], out: Collector, what: string): string {
  const value = firstField(body, keys);
  const text = textOf(value);
  if (text !== undefined) {
    out.fact('Text', text);
    return text;
  }
  if (value === undefined) {
    out.note(`${what} has no ${keys.join(' or ')} field`);
    return '';
  }
  out.note(`${what} ${keys[0] ?? 'text'} is ${kindWord(value)}, not a string`);
  return compactJson(value);
}

const text: Summarizer = (body, out) => textField(body, ['content'], out, 'text') || '(empty text)';

const picture: Summarizer = (body, out) => {
  const source = field(body, 'sourcePicture');
  const big = field(body, 'bigPicture');
  const snapshot = field(body, 'snapshotPicture');
  // Some clients fill only the big picture; its dimensions describe the image as well.
  const main = asObject(source) ?? asObject(big);
  const dims = dimensions(num(main, 'width'), num(main, 'height'));
  // Web clients upload without measuring: size, width and height all 0 (openim-sdk-js-wasm #101).
  const byteCount = num(main, 'size');
  const size = byteCount !== undefined && byteCount > 0 ? bytes(byteCount) : undefined;
  const unknown = main !== undefined && dims === undefined && size === undefined;
  out.fact('Dimensions', dims ?? (unknown ? 'unknown' : undefined));
  out.fact('Size', size ?? (unknown ? 'unknown' : undefined));
  out.fact('Type', str(main, 'type'));
  out.fact('Source URL', str(source, 'url'));
  out.fact('Big picture URL', str(big, 'url'));
  out.fact('Snapshot URL', str(snapshot, 'url'));
  out.fact('Local path', str(body, 'sourcePath'));
  return joinParts(['[Picture]', unknown ? 'size unknown' : joinParts([dims, size])], ' ');
};

const voice: Summarizer = (body, out) => {
  const length = duration(num(body, 'duration'));
  const size = bytes(num(body, 'dataSize'));
  out.fact('Duration', length);
  out.fact('Size', size);
  out.fact('Type', str(body, 'soundType'));
  out.fact('URL', str(body, 'sourceUrl'));
  out.fact('Local path', str(body, 'soundPath'));
  return joinParts(['[Voice]', joinParts([length, size])], ' ');
};

const video: Summarizer = (body, out) => {
  const length = duration(num(body, 'duration'));
  const size = bytes(num(body, 'videoSize'));
  out.fact('Duration', length);
  out.fact('Size', size);
  out.fact('Type', str(body, 'videoType'));
  out.fact('URL', str(body, 'videoUrl'));
  out.fact('Snapshot', joinParts([dimensions(num(body, 'snapshotWidth'), num(body, 'snapshotHeight')), bytes(num(body, 'snapshotSize'))]));
  out.fact('Snapshot URL', str(body, 'snapshotUrl'));
  out.fact('Local path', str(body, 'videoPath'));
  return joinParts(['[Video]', joinParts([length, size])], ' ');
};

const file: Summarizer = (body, out) => {
  const name = str(body, 'fileName');
  const size = bytes(num(body, 'fileSize'));
  out.fact('Name', name);
  out.fact('Size', size);
  out.fact('Type', str(body, 'fileType'));
  out.fact('URL', str(body, 'sourceUrl'));
  out.fact('Local path', str(body, 'filePath'));
  return joinParts(['[File]', name ?? '(no name)', size && `(${size})`], ' ');
};

/** Who a message mentions: group nicknames when the SDK filled them, otherwise the IDs. */
function mentioned(body: ObjectNode): string[] {
  const infos = list(body, 'atUsersInfo')
    .map((info) => str(info, 'groupNickname') ?? str(info, 'atUserID'))
    .filter((name): name is string => name !== undefined);
  if (infos.length > 0) return infos;
  return list(body, 'atUserList')
    .map((id) => textOf(id) ?? (numberOf(id) === undefined ? undefined : String(numberOf(id))))
    .filter((id): id is string => id !== undefined && id !== '');
}

const atText: Summarizer = (body, out, depth) => {
  const words = textField(body, ['text'], out, '@mention');
  const who = mentioned(body);
  out.fact('Mentions', who.map((w) => `@${w}`).join(', '));
  const quote = asObject(field(body, 'quoteMessage'));
  if (quote) out.fact('Quoted message', msgStructSummary(quote, depth + 1));
  const names = nameList(who.map((w) => `@${w}`));
  return joinParts([words, names && `(${names})`], ' ') || '[@mention]';
};

const merger: Summarizer = (body, out) => {
  const title = str(body, 'title');
  const lines = list(body, 'abstractList').map((line) => textOf(line) ?? compactJson(line));
  const count = listLength(body, 'multiMessage');
  out.fact('Title', title);
  out.fact('Messages', count === undefined ? undefined : formatCount(count));
  lines.slice(0, MAX_ABSTRACT_FACTS).forEach((line, i) => out.fact(`Line ${i + 1}`, line));
  if (lines.length > MAX_ABSTRACT_FACTS) out.note(`${formatCount(lines.length - MAX_ABSTRACT_FACTS)} more abstract lines are in the tree`);
  const countText = count === undefined ? undefined : `(${formatCount(count)} ${count === 1 ? 'message' : 'messages'})`;
  return joinParts(['[Merged]', title ?? '(no title)', countText], ' ');
};

const card: Summarizer = (body, out) => {
  const nickname = str(body, 'nickname');
  const userID = str(body, 'userID');
  out.fact('Nickname', nickname);
  out.fact('User ID', userID);
  out.fact('Face URL', str(body, 'faceURL'));
  out.fact('Ex', str(body, 'ex'));
  return joinParts(['[Card]', nickname, userID && (nickname ? `(${userID})` : userID)], ' ');
};

const location: Summarizer = (body, out) => {
  // Clients often put a JSON document such as {"name","addr"} in the description.
  const described = asObject(field(body, 'description'));
  const description = described ? joinParts([str(described, 'name'), str(described, 'addr')]) || str(body, 'description') : str(body, 'description');
  const lat = num(body, 'latitude');
  const lng = num(body, 'longitude');
  out.fact('Description', description);
  out.fact('Latitude', lat);
  out.fact('Longitude', lng);
  const where = lat !== undefined && lng !== undefined ? `(${lat}, ${lng})` : undefined;
  return joinParts(['[Location]', description, where], ' ');
};

const custom: Summarizer = (body, out) => {
  const description = str(body, 'description');
  const dataNode = field(body, 'data');
  // Data is usually a JSON string: show it as sent; the tree shows it decoded.
  const data = str(body, 'data') ?? (dataNode === undefined ? undefined : compactJson(dataNode));
  // System accounts send plain text in data (openim-sdk-core #1047): that is the message itself.
  const plainText = rawField(body, 'data')?.kind === 'string' ? data : undefined;
  out.fact('Description', description);
  out.fact('Data', data);
  // The extension is often a JSON document in a string: show it decoded.
  const extension = rawField(body, 'extension');
  out.fact('Extension', extension?.kind === 'embedded' ? compactJson(extension.value) : str(body, 'extension'));
  const what = plainText !== undefined ? joinParts([description, plainText], ': ') : description ?? (dataNode === undefined ? undefined : compactJson(dataNode));
  return joinParts(['[Custom]', what], ' ');
};

const typing: Summarizer = (body, out) => {
  const tips = str(body, 'msgTips');
  out.fact('Tips', tips);
  return joinParts(['[Typing]', tips], ' ');
};

const quote: Summarizer = (body, out, depth) => {
  const words = textField(body, ['text'], out, 'quote');
  const quotedMsg = asObject(field(body, 'quoteMessage'));
  if (quotedMsg === undefined) {
    out.note('quote has no quoteMessage');
    return words || '[Quote]';
  }
  const sender = str(quotedMsg, 'senderNickname') ?? str(quotedMsg, 'sendID');
  const quotedSummary = msgStructSummary(quotedMsg, depth + 1);
  out.fact('Quoted sender', sender);
  const quotedType = num(quotedMsg, 'contentType');
  out.fact('Quoted type', quotedType === undefined ? undefined : contentTypeName(quotedType));
  out.fact('Quoted message', quotedSummary);
  return joinParts([words, `↩ ${joinParts([sender, quotedSummary], ': ')}`], ' ');
};

const face: Summarizer = (body, out) => {
  const index = num(body, 'index');
  const data = str(body, 'data');
  out.fact('Index', index);
  out.fact('Data', data);
  return joinParts(['[Face]', index === undefined ? undefined : `#${index}`, data], ' ');
};

const advancedText: Summarizer = (body, out) => {
  const words = textField(body, ['text'], out, 'advanced text');
  const entities = listLength(body, 'messageEntityList');
  out.fact('Entities', entities === undefined ? undefined : formatCount(entities));
  return words || '(empty text)';
};

// MarkdownTextElem{content} (SDK sdk_struct.go; S@main:pkg/apistruct/msg.go).
const markdown: Summarizer = (body, out) => textField(body, ['content'], out, 'markdown') || '(empty text)';

export const MESSAGE_SUMMARIZERS: Readonly<Record<number, Summarizer>> = {
  101: text,
  102: picture,
  103: voice,
  104: video,
  105: file,
  106: atText,
  107: merger,
  108: card,
  109: location,
  110: custom,
  113: typing,
  114: quote,
  115: face,
  117: advancedText,
  118: markdown,
  119: custom,
  120: custom,
};

// Where a nested SDK MsgStruct keeps its body, by contentType.
const ELEM_KEYS: Readonly<Record<number, string>> = {
  101: 'textElem',
  102: 'pictureElem',
  103: 'soundElem',
  104: 'videoElem',
  105: 'fileElem',
  106: 'atTextElem',
  107: 'mergeElem',
  108: 'cardElem',
  109: 'locationElem',
  110: 'customElem',
  113: 'typingElem',
  114: 'quoteElem',
  115: 'faceElem',
  117: 'advancedTextElem',
  118: 'markdownTextElem',
  119: 'customElem',
  120: 'customElem',
};

/** One line for a message nested in another (a quote, a merged message). */
export function msgStructSummary(msg: ObjectNode, depth: number): string {
  if (depth > MAX_QUOTE_DEPTH) return '…';
  const contentType = num(msg, 'contentType');
  if (contentType === undefined) return compactJson(msg);
  const elemKey = ELEM_KEYS[contentType];
  const content: JsonNode | undefined = field(msg, 'content');
  // The elem object when present, otherwise the stored content (itself a JSON string).
  const body = asObject(elemKey === undefined ? undefined : field(msg, elemKey)) ?? asObject(content);
  const summarize = MESSAGE_SUMMARIZERS[contentType];
  if (summarize !== undefined && body !== undefined) return summarize(body, new Collector(), depth);
  const plain = textOf(content);
  if (plain !== undefined && plain !== '') return plain;
  return `[${contentTypeName(contentType)}]`;
}
