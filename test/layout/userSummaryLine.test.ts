// The user summary line: everything on one line at 80 columns, long labels where there is room,
// the nickname cut first, server strings sanitised.
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/api/schemas.js';
import { userSummaryLine } from '../../src/layout/userSummaryLine.js';
import type { UserSummary } from '../../src/store/types.js';
import { displayWidth } from '../../src/terminal/width.js';

const user = (nickname: string): User => ({
  userID: 'user_000001',
  nickname,
  faceURL: '',
  ex: '',
  createTime: Date.UTC(2023, 3, 1, 12),
  appMangerLevel: 1,
  globalRecvMsgOpt: 0,
});

const full = (nickname: string): UserSummary => ({
  profile: { state: 'ok', value: { kind: 'user', user: user(nickname) } },
  conversations: { state: 'ok', value: { withMessages: 236, unread: 12_345, none: false } },
  blacklist: { state: 'ok', value: 12 },
  applications: { state: 'ok', value: 40 },
});

describe('userSummaryLine', () => {
  it('fits every figure on one line at 80 columns', () => {
    const { text, tone } = userSummaryLine(full('Karen Smith'), 80);
    expect(displayWidth(text)).toBeLessThanOrEqual(80);
    for (const part of ['Karen Smith', 'L1', '2023-04-0', 'recv', '236 convs', '12,345 unread', '12 black', '40 sent']) expect(text).toContain(part);
    expect(tone).toBe('plain');
  });

  it('uses long labels where there is room', () => {
    const { text } = userSummaryLine(full('Karen Smith'), 200);
    for (const part of ['level 1 (app ordinary user)', 'created 2023-04-0', 'global receive: receive', '236 conversations with messages', 'blacklist 12', 'sent applications 40']) {
      expect(text).toContain(part);
    }
  });

  it('says one conversation, not one conversations', () => {
    const one: UserSummary = { ...full('Karen Smith'), conversations: { state: 'ok', value: { withMessages: 1, unread: 0, none: false } } };
    expect(userSummaryLine(one, 200).text).toContain('1 conversation with messages');
    expect(userSummaryLine(one, 80).text).toContain('1 conv 0 unread');
  });

  it('cuts a long or wide nickname before any figure', () => {
    const { text } = userSummaryLine(full('黄晓明'.repeat(20)), 80);
    expect(displayWidth(text)).toBeLessThanOrEqual(80);
    expect(text).toContain('黄晓明');
    expect(text).toContain('40 sent');
  });

  it('removes escape sequences from the nickname', () => {
    const { text } = userSummaryLine(full('Mallory\u001b[2J\u001b]0;pwned\u0007'), 120);
    expect(text).not.toMatch(/[\u001b\u0007]/);
  });

  it('shows figures still on their way, and what a system account or an unknown ID is', () => {
    const loading: UserSummary = { profile: { state: 'loading' }, conversations: { state: 'loading' }, blacklist: { state: 'loading' }, applications: { state: 'loading' } };
    expect(userSummaryLine(loading, 80).text).toBe('profile … · conversations … · blacklist … · sent applications …');
    expect(userSummaryLine(loading, 40).text).toBe('… · convs … · black … · sent …');
    const system = userSummaryLine(
      { ...loading, profile: { state: 'ok', value: { kind: 'system', account: { userID: 'notify_ops', nickName: '运维通知', faceURL: '', appMangerLevel: 3 } } } },
      80,
    );
    expect(system).toMatchObject({ tone: 'note', text: expect.stringContaining('运维通知 · system account L3') });
    expect(userSummaryLine({ ...loading, profile: { state: 'ok', value: { kind: 'none' } } }, 80)).toMatchObject({
      tone: 'error',
      text: expect.stringContaining('no such user'),
    });
    expect(userSummaryLine({ ...full('x'), conversations: { state: 'ok', value: { withMessages: 0, unread: 0, none: true } } }, 80).text).toContain('no convs');
  });
});
