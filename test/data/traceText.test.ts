// The trace's pure parts: its words (every server string sanitised, each line within the width,
// the verdict first), the `:trace` words, what a message row names, a single chat's other member.
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../src/data/trace/runTrace.js';
import { singleChatPeer } from '../../src/data/trace/runTrace.js';
import { parseTraceWords, targetOfMessage } from '../../src/data/trace/targets.js';
import { traceJson, traceLines } from '../../src/data/trace/traceText.js';

const HOSTILE = 'evil\u001b]52;c;aGk=\u0007\u001b[2J\u009b31m';
const result: TraceResult = {
  target: { conversationID: `si_a_${HOSTILE}`, seq: 5, receiverID: 'a', senderID: HOSTILE },
  verdict: { verdict: 'fail', words: `a blocked the sender ${HOSTILE}` },
  lines: [
    { check: 'stored', name: 'stored', verdict: 'pass', words: `seq 5 · server ID ${HOSTILE} · ${'x'.repeat(200)}`, facts: { serverMsgID: HOSTILE }, routes: ['/msg/pull_msg_by_seq'] },
    { check: 'read', name: 'read', verdict: 'unknown', words: 'unknown: getConversationsHasReadAndMaxSeq: 1002 NoPermissionError', facts: {}, routes: ['/msg/get_conversations_has_read_and_max_seq'] },
  ],
  exchanges: [],
  startedAt: 0,
  elapsedMs: 1,
};

describe('the trace in words', () => {
  it('puts the verdict first, keeps every line within the width, and no control character reaches the terminal', () => {
    for (const width of [40, 80, 120]) {
      const lines = traceLines(result, width);
      expect(lines[0]).toMatch(/^FAIL: a blocked the sender/);
      for (const line of lines) {
        expect(line.length).toBeLessThanOrEqual(width);
        expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }
      expect(lines.some((l) => l.startsWith('?    read: unknown:'))).toBe(true);
    }
  });

  it("-o json's object keeps the facts as values, one object per check", () => {
    const json = traceJson(result) as { checks: Array<{ facts: object; routes: string[] }> };
    expect(json.checks).toHaveLength(2);
    expect(json.checks[0]!.facts).toEqual({ serverMsgID: HOSTILE });
  });
});

describe(':trace words', () => {
  it('reads the three flags in any order', () => {
    expect(parseTraceWords('--to u2 --seq 12 --conversation sg_9')).toEqual({ ok: true, target: { conversationID: 'sg_9', seq: 12, receiverID: 'u2' } });
  });
  it.each([
    ['--conversation si_a_b --seq 3', /^usage: :trace --conversation CID --seq N --to ID$/],
    ['--conversation si_a_b --seq x --to a', /--seq must be a whole number from 1/],
    ['--conversation si_a_b --seq 3 --to', /--to needs a value/],
    ['--user a', /--user is not a flag of :trace/],
  ])('refuses %j in words', (text, words) => {
    const parsed = parseTraceWords(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(words);
  });
});

describe('what a message row names', () => {
  it('a single chat: its ID from the pair, the receiver its recvID', () => {
    expect(targetOfMessage({ sendID: 'user_2', recvID: 'user_1', sessionType: 1, seq: 9 }, undefined, undefined)).toEqual({
      ok: true, needsReceiver: false, target: { conversationID: 'si_user_1_user_2', seq: 9, receiverID: 'user_1', senderID: 'user_2' },
    });
  });
  it('a group message: the list owner receives it unless they sent it, else the receiver is asked for', () => {
    expect(targetOfMessage({ sendID: 'u1', groupID: 'g', sessionType: 3, seq: 4 }, 'sg_g', 'u2')).toMatchObject({ ok: true, needsReceiver: false, target: { receiverID: 'u2' } });
    expect(targetOfMessage({ sendID: 'u1', groupID: 'g', sessionType: 3, seq: 4 }, undefined, undefined)).toMatchObject({ ok: true, needsReceiver: true, target: { conversationID: 'sg_g' } });
  });
  it('a row without a seq is refused in words', () => {
    expect(targetOfMessage({ sendID: 'a', recvID: 'b', sessionType: 1 }, undefined, undefined)).toMatchObject({ ok: false, problem: expect.stringMatching(/no seq/) });
  });
  it("a single chat's other member, whichever side the receiver is on, IDs with underscores included", () => {
    expect(singleChatPeer('si_user_000001_user_000013', 'user_000001')).toBe('user_000013');
    expect(singleChatPeer('si_user_000001_user_000013', 'user_000013')).toBe('user_000001');
    expect(singleChatPeer('si_user_000001_user_000013', 'user_000002')).toBeUndefined();
    expect(singleChatPeer('sg_123', 'user_000001')).toBeUndefined();
  });
});
