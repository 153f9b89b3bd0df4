import { describe, expect, it, vi } from 'vitest';
import { decodeContent, type DecodedContent } from '../../src/content/decode.js';
import { check, fact, json, notification, NOTIFICATIONS, UNSAFE, type Case } from './decodeCases.js';
import type { JsonNode } from '../../src/content/types.js';


const USER_MESSAGES: Case[] = [
  { name: 'text', type: 101, content: json({ content: 'hello there' }), summary: 'hello there', facts: { Text: 'hello there' } },
  { name: 'text with newline', type: 101, content: json({ content: 'line one\nline two' }), summary: 'line one⏎line two' },
  {
    name: 'picture',
    type: 102,
    content: json({
      sourcePath: '/local/a.jpg',
      sourcePicture: { uuid: 'u1', type: 'image/jpeg', size: 2516582, width: 1080, height: 1920, url: 'https://cdn/a.jpg' },
      bigPicture: { uuid: 'u2', type: 'image/jpeg', size: 2516582, width: 1080, height: 1920, url: 'https://cdn/a_big.jpg' },
      snapshotPicture: { uuid: 'u3', type: 'image/jpeg', size: 20480, width: 200, height: 356, url: 'https://cdn/a_small.jpg' },
    }),
    summary: '[Picture] 1080×1920 px, 2.4 MB',
    facts: {
      Dimensions: '1080×1920 px',
      Size: '2.4 MB',
      'Source URL': 'https://cdn/a.jpg',
      'Big picture URL': 'https://cdn/a_big.jpg',
      'Snapshot URL': 'https://cdn/a_small.jpg',
      'Local path': '/local/a.jpg',
    },
  },
  {
    name: 'picture with only a big picture',
    type: 102,
    content: json({ bigPicture: { size: 1024, width: 640, height: 480, url: 'https://cdn/b.png' } }),
    summary: '[Picture] 640×480 px, 1.0 KB',
  },
  { name: 'picture with every key omitted', type: 102, content: '{}', summary: '[Picture]' },
  {
    name: 'voice',
    type: 103,
    content: json({ uuid: 'v1', soundPath: '/local/v.m4a', sourceUrl: 'https://cdn/v.m4a', dataSize: 59600, duration: 37, soundType: 'm4a' }),
    summary: '[Voice] 0:37, 58.2 KB',
    facts: { Duration: '0:37', Size: '58.2 KB', URL: 'https://cdn/v.m4a' },
  },
  {
    name: 'video',
    type: 104,
    content: json({
      videoPath: '/local/v.mp4',
      videoUUID: 'vu',
      videoUrl: 'https://cdn/v.mp4',
      videoType: 'mp4',
      videoSize: 12_897_484,
      duration: 3725,
      snapshotUrl: 'https://cdn/v.jpg',
      snapshotSize: 20480,
      snapshotWidth: 640,
      snapshotHeight: 360,
    }),
    summary: '[Video] 1:02:05, 12.3 MB',
    facts: { Duration: '1:02:05', Snapshot: '640×360 px, 20.0 KB', 'Snapshot URL': 'https://cdn/v.jpg' },
  },
  { name: 'video with sizes as strings', type: 104, content: json({ duration: '5', videoSize: '2048' }), summary: '[Video] 0:05, 2.0 KB' },
  {
    name: 'file',
    type: 105,
    content: json({ filePath: '/tmp/r.pdf', uuid: 'f', sourceUrl: 'https://cdn/r.pdf', fileName: 'report.pdf', fileSize: 2516582, fileType: 'pdf' }),
    summary: '[File] report.pdf (2.4 MB)',
    facts: { Name: 'report.pdf', Size: '2.4 MB', Type: 'pdf' },
  },
  { name: 'file without a name', type: 105, content: json({ fileSize: 100 }), summary: '[File] (no name) (100 B)' },
  {
    name: '@mention with group nicknames',
    type: 106,
    content: json({ text: '@u1 @u2 look', atUserList: ['u1', 'u2'], atUsersInfo: [{ atUserID: 'u1', groupNickname: 'Alice' }, { atUserID: 'u2', groupNickname: '' }], isAtSelf: false }),
    summary: '@u1 @u2 look (@Alice, @u2)',
    facts: { Mentions: '@Alice, @u2', Text: '@u1 @u2 look' },
  },
  { name: '@mention with IDs only', type: 106, content: json({ text: 'hi all', atUserList: ['u7', 'u8'] }), summary: 'hi all (@u7, @u8)' },
  {
    name: 'merger',
    type: 107,
    content: json({ title: 'Chat history of Alice and Bob', abstractList: ['Alice: hi', 'Bob: hello'], multiMessage: [{ contentType: 101 }, { contentType: 101 }, { contentType: 102 }] }),
    summary: '[Merged] Chat history of Alice and Bob (3 messages)',
    facts: { Title: 'Chat history of Alice and Bob', Messages: '3', 'Line 1': 'Alice: hi', 'Line 2': 'Bob: hello' },
  },
  { name: 'card', type: 108, content: json({ userID: 'u42', nickname: 'Alice', faceURL: 'https://cdn/face.png', ex: '' }), summary: '[Card] Alice (u42)', facts: { 'User ID': 'u42', Nickname: 'Alice' } },
  { name: 'card without nickname', type: 108, content: json({ userID: 'u42' }), summary: '[Card] u42' },
  {
    name: 'location with a JSON description',
    type: 109,
    content: json({ description: json({ name: 'Tiananmen', addr: 'Beijing' }), latitude: 39.9087, longitude: 116.3975 }),
    summary: '[Location] Tiananmen, Beijing (39.9087, 116.3975)',
    facts: { Latitude: '39.9087', Longitude: '116.3975', Description: 'Tiananmen, Beijing' },
  },
  { name: 'location with plain description', type: 109, content: json({ description: 'Home', latitude: 1, longitude: 2 }), summary: '[Location] Home (1, 2)' },
  {
    name: 'custom',
    type: 110,
    content: json({ data: json({ orderID: 7 }), description: 'order', extension: 'x' }),
    summary: '[Custom] order',
    facts: { Data: '{"orderID":7}', Description: 'order', Extension: 'x' },
  },
  { name: 'custom without description', type: 119, content: json({ data: json({ orderID: 7 }) }), summary: '[Custom] {orderID: 7}' },
  { name: 'custom online only', type: 120, content: json({ description: 'ping' }), summary: '[Custom] ping' },
  { name: 'typing', type: 113, content: json({ msgTips: 'yes' }), summary: '[Typing] yes', facts: { Tips: 'yes' } },
  {
    name: 'quote of a text',
    type: 114,
    content: json({ text: 'I agree', quoteMessage: { clientMsgID: 'c1', contentType: 101, sendID: 'u2', senderNickname: 'Bob', senderFaceUrl: '', textElem: { content: 'original words' } } }),
    summary: 'I agree ↩ Bob: original words',
    facts: { 'Quoted sender': 'Bob', 'Quoted type': 'Text', 'Quoted message': 'original words', Text: 'I agree' },
  },
  {
    name: 'quote of a picture',
    type: 114,
    content: json({ text: 'nice', quoteMessage: { contentType: 102, sendID: 'u2', pictureElem: { sourcePicture: { width: 10, height: 20, size: 100 } } } }),
    summary: 'nice ↩ u2: [Picture] 10×20 px, 100 B',
  },
  {
    name: 'quote whose message only has its stored content',
    type: 114,
    content: json({ text: 'ok', quoteMessage: { contentType: 105, senderNickname: 'Bob', content: json({ fileName: 'a.zip', fileSize: 1024 }) } }),
    summary: 'ok ↩ Bob: [File] a.zip (1.0 KB)',
  },
  {
    name: 'quote of a quote',
    type: 114,
    content: json({
      text: 'third',
      quoteMessage: { contentType: 114, senderNickname: 'B', quoteElem: { text: 'second', quoteMessage: { contentType: 101, senderNickname: 'A', textElem: { content: 'first' } } } },
    }),
    summary: 'third ↩ B: second ↩ A: first',
  },
  { name: 'face', type: 115, content: json({ index: 3, data: 'smile' }), summary: '[Face] #3 smile', facts: { Index: '3' } },
  {
    name: 'advanced text',
    type: 117,
    content: json({ text: 'see docs', messageEntityList: [{ type: 'url', offset: 4, length: 4, url: 'https://docs' }] }),
    summary: 'see docs',
    facts: { Entities: '1' },
  },
  { name: 'markdown', type: 118, content: json({ content: '# Title **bold**' }), summary: '# Title **bold**' },
  // MarkdownTextElem has only `content`; another key is not guessed at.
  { name: 'markdown under another key', type: 118, content: json({ markdownText: '*x*' }), summary: '(empty text)', notes: ['markdown has no content field'] },
];


const OTHER: Case[] = [
  { name: 'unknown type', type: 1234, content: json({ a: 1, b: [true, null], c: 'x' }), summary: '{a: 1, b: [true, null], c: "x"}' },
  { name: 'signal message', type: 202, content: json({ invitation: { roomID: 'r1' } }), summary: '{invitation: {roomID: "r1"}}' },
  { name: 'unknown type with a detail', type: 1999, content: notification({ z: 1 }), summary: '{z: 1}' },
];

const MALFORMED: Case[] = [
  { name: 'empty string', type: 101, content: '', summary: '(empty)', notes: ['content is empty'] },
  { name: 'only whitespace', type: 102, content: '  \n ', summary: '(empty)', notes: ['content is empty'] },
  { name: 'JSON null', type: 101, content: 'null', summary: '(no content)', notes: ['content is JSON null'] },
  { name: 'not JSON', type: 101, content: 'just words', summary: 'just words', notes: [/^content is not JSON \(.*position 0\); shown as text$/] },
  { name: 'truncated JSON', type: 102, content: '{"sourcePicture":{"width":1', summary: '{"sourcePicture":{"width":1', notes: [/not JSON \(unexpected end of input/] },
  { name: 'number where an object is expected', type: 102, content: '42', summary: '42', notes: ['content is a number, expected an object'] },
  { name: 'array where an object is expected', type: 1203, content: '[1]', summary: '[1]', notes: ['content is an array, expected an object with a detail'] },
  { name: 'text whose content is an object', type: 101, content: json({ content: { a: 1 } }), summary: '{a: 1}', notes: ['text content is an object, not a string'] },
  { name: 'text without content', type: 101, content: json({ text: 'wrong key' }), summary: '(empty text)', notes: ['text has no content field'] },
  { name: 'detail that is not JSON', type: 1203, content: json({ detail: 'plain words' }), summary: 'Friend request: plain words', facts: { Detail: 'plain words' }, notes: ['detail is not JSON; shown as text'] },
  { name: 'detail that is broken JSON', type: 1509, content: json({ detail: '{"group":' }), summary: 'Members invited: {"group":', notes: ['detail is not JSON; shown as text'] },
  { name: 'detail that is a number', type: 2101, content: json({ detail: 5 }), summary: 'Message revoked', notes: ['detail is a number, expected a JSON string'] },
  { name: 'empty detail', type: 1207, content: json({ detail: '' }), summary: 'Blocked', notes: ['detail is empty'] },
  { name: 'notification without detail', type: 1207, content: json({ fromToUserID: { fromUserID: 'a', toUserID: 'b' } }), summary: 'Blocked: a → b', notes: ['notification has no detail; showing the content itself'] },
  { name: 'detail stored as an object, not a string', type: 1205, content: json({ detail: { fromToUserID: { fromUserID: 'a', toUserID: 'b' } } }), summary: 'Friend deleted: a → b', notes: [] },
  { name: 'detail holding an array', type: 1400, content: notification([1, 2]), summary: '[1, 2]', notes: ['content is an array, expected an object'] },
  { name: 'picture with wrong field types', type: 102, content: json({ sourcePicture: 'nope', bigPicture: [1] }), summary: '[Picture]' },
  { name: 'mention list of wrong types', type: 106, content: json({ text: 'x', atUsersInfo: 'u1', atUserList: [null, 5, { a: 1 }] }), summary: 'x (@5)' },
];


describe('decodeContent: user messages', () => {
  it.each(USER_MESSAGES)('$name', (c) => {
    check({ notes: [], ...c });
  });
});

describe('decodeContent: other types', () => {
  it.each(OTHER)('$name', (c) => {
    check({ notes: [], ...c });
  });

  it('names the type', () => {
    expect(decodeContent(101, '{}').typeName).toBe('Text');
    expect(decodeContent(1234, '{}').typeName).toBe('Unknown (1234)');
  });
});

describe('decodeContent: malformed content', () => {
  it.each(MALFORMED)('$name', (c) => {
    check(c);
  });

  it('shows non-JSON content as a string tree and empty content as no tree', () => {
    expect(decodeContent(101, 'x{').tree).toEqual({ kind: 'string', value: 'x{' });
    expect(decodeContent(101, '').tree).toBeNull();
  });

  it('survives a non-string content from a careless caller', () => {
    for (const bad of [null, undefined, 42, {}] as unknown as string[]) {
      const d = decodeContent(101, bad);
      expect(typeof d.summary).toBe('string');
    }
    expect(decodeContent(101, null as unknown as string).notes).toEqual(['content is empty']);
  });

  it('elides 100,000 levels of nesting and says so', () => {
    const depth = 100_000;
    const d = decodeContent(110, `{"description":"deep","data":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(d.notes).toEqual(['nesting deeper than 32 levels is not shown (1 elided)']);
    expect(JSON.stringify(d.tree)).toContain('"kind":"elided"');
    expect(d.summary).toBe('[Custom] deep');
    expect(fact(d, 'Data')).toMatch(/^\[\[\[\[.*…/);
  });

  it('elides deep nesting inside a notification detail', () => {
    const d = decodeContent(1400, notification('['.repeat(5000) + ']'.repeat(5000)));
    expect(d.notes).toContain('nesting deeper than 32 levels is not shown (1 elided)');
  });

  it('does not decode content over 256 KiB, and shows the start as text', () => {
    const big = json({ content: 'x'.repeat(300 * 1024) });
    const d = decodeContent(101, big);
    expect(d.summary).toBe('[Text] 300 KB, too large to decode');
    expect(d.notes).toEqual(['content is 300 KB, over the 256 KB limit: not decoded, the first 256 KB shown as text']);
    expect(d.tree).toEqual({ kind: 'string', value: big.slice(0, 256 * 1024) });
    expect(d.raw).toBe(big);
  });

  it('measures the limit in bytes, as on the wire', () => {
    // 100 K CJK characters: under the limit in UTF-16 units, 300 KB in UTF-8.
    const d = decodeContent(101, json({ content: '长'.repeat(100 * 1024) }));
    expect(d.summary).toBe('[Text] 300 KB, too large to decode');
    const shown = d.tree?.kind === 'string' ? d.tree.value : '';
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(256 * 1024);
  });

  it('cuts long arrays and says how much was left out', () => {
    const d = decodeContent(107, json({ title: 't', abstractList: Array.from({ length: 1200 }, (_, i) => `line ${i}`) }));
    expect(d.notes).toContain('700 entries not shown: objects and arrays are cut at 500 entries');
    expect(d.notes).toContain('480 more abstract lines are in the tree');
    expect(fact(d, 'Line 20')).toBe('line 19');
    expect(fact(d, 'Line 21')).toBeUndefined();
  });

  it('says when the whole tree hit its size budget', () => {
    const d = decodeContent(1234, json(Array.from({ length: 400 }, () => Array.from({ length: 100 }, () => 1))));
    expect(d.notes).toEqual([expect.stringMatching(/^[\d,]+ entries not shown: the tree stops at 20,000 values$/)]);
  });

  it('stays fast when almost-JSON strings are nested inside each other', () => {
    const innermost = '['.repeat(100_000);
    let s = innermost;
    for (let i = 0; i < 10; i += 1) s = json([s]);
    // Each level used to cost a full, slow parse attempt. Now a string that looks like JSON is
    // first checked by the engine's parser (about ten times faster than ours at rejecting), and
    // only a valid one is parsed by ours: count the engine's passes instead of timing them.
    const engine = vi.spyOn(JSON, 'parse');
    let d: DecodedContent;
    let passes: { text: string; threw: boolean }[];
    try {
      d = decodeContent(1234, s);
      passes = engine.mock.calls.map(([text], i) => ({ text: String(text), threw: engine.mock.results[i]?.type === 'throw' }));
    } finally {
      engine.mockRestore();
    }
    expect(d.summary.startsWith('[[[[[[[[[["[[[[')).toBe(true);
    // At most two passes per level (its string token decoded, its content checked), none repeated.
    expect(passes.length).toBeLessThanOrEqual(2 * 11);
    expect(new Set(passes.map((p) => p.text)).size).toBe(passes.length);
    // The innermost 100,000 brackets are rejected by the engine, so our parser never walks them.
    expect(passes.filter((p) => p.threw).map((p) => p.text)).toEqual([innermost]);
  });

  it('keeps big integers exact in the tree', () => {
    const d = decodeContent(1234, '{"seq":12345678901234567890}');
    expect(d.tree).toEqual({ kind: 'object', entries: [{ key: 'seq', value: { kind: 'number', value: '12345678901234567890' } }] });
  });

  it('shows embedded JSON in notification details as embedded nodes, recursively', () => {
    const d = decodeContent(1203, notification({ request: { ex: json({ source: 'qr' }) } }));
    const detail = d.tree?.kind === 'object' ? d.tree.entries[0]?.value : undefined;
    expect(detail?.kind).toBe('embedded');
    const request = detail?.kind === 'embedded' && detail.value.kind === 'object' ? detail.value.entries[0]?.value : undefined;
    const ex: JsonNode | undefined = request?.kind === 'object' ? request.entries[0]?.value : undefined;
    expect(ex).toEqual({ kind: 'embedded', raw: '{"source":"qr"}', value: { kind: 'object', entries: [{ key: 'source', value: { kind: 'string', value: 'qr' } }] } });
  });
});

describe('decodeContent: untrusted text', () => {
  const evil = 'a\u001b[2J\u001b]0;owned\u0007b\u009b31m\u202eevil\r\nc\td';

  it.each([
    [101, json({ content: evil })],
    [105, json({ fileName: evil, fileSize: 1 })],
    [1203, notification({ request: { fromUserID: evil, reqMsg: evil } })],
    [1509, notification({ group: { groupName: evil }, opUser: { nickname: evil } })],
    [1203, json({ detail: evil })],
    [1234, json({ [evil]: evil })],
    [101, evil],
  ])('never lets control characters into summaries or facts (%i)', (type, content) => {
    const d = decodeContent(type, content);
    expect(d.summary).not.toMatch(UNSAFE);
    expect(d.summary).not.toContain('owned');
    for (const f of d.facts) expect(f.value).not.toMatch(UNSAFE);
  });

  it('keeps every summary to one line for every case above', () => {
    for (const c of [...USER_MESSAGES, ...NOTIFICATIONS, ...OTHER, ...MALFORMED]) {
      const d = decodeContent(c.type, c.content);
      expect(d.summary, c.name).not.toMatch(UNSAFE);
      expect(d.summary.length, c.name).toBeGreaterThan(0);
    }
  });

  it('bounds the summary of a long text', () => {
    const d = decodeContent(101, json({ content: '长'.repeat(10_000) }));
    expect(d.summary.length).toBeLessThanOrEqual(240);
    expect(d.summary.endsWith('…')).toBe(true);
  });
});
