// The user summary line: everything on one line at 80 columns, long labels where there is room,
// the nickname cut first, server strings sanitised.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { User } from '../../src/api/schemas.js';
import { userSummaryLine } from '../../src/layout/userSummaryLine.js';
import { USER_TABS } from '../../src/lists/names.js';
import { summaryPart } from '../../src/lists/registry.js';
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
  presence: { state: 'ok', value: { userID: 'user_000001', status: 1, platformIDs: [1, 5] } },
  // Every user tab's part, from its list's own example: a new list's part is on the line with no line here.
  ...(Object.fromEntries(USER_TABS.map((tab) => [tab, { state: 'ok', value: summaryPart(tab).example }])) as Omit<UserSummary, 'profile' | 'presence'>),
});

describe('userSummaryLine', () => {
  it('fits on one line at 80 columns: the nickname whole, parts dropped by their priority', () => {
    const { text, tone } = userSummaryLine(full('Karen Wright'), 80);
    expect(displayWidth(text)).toBeLessThanOrEqual(80);
    // The receive option (drop 7) and the created date (drop 6) go before any list's figure, then
    // the received (5) and sent (4) applications' figures; who is online stays.
    for (const part of ['Karen Wright', 'L1', 'online iOS,Web', '236 convs', '12,345 unread', '12 black', '31 friends']) expect(text).toContain(part);
    expect(text).not.toContain('2023-04-0');
    expect(text).not.toContain('7 rcvd');
    expect(tone).toBe('plain');
    // Narrower: the lists' parts go too, the highest `drop` first, and the nickname stays whole.
    const narrow = userSummaryLine(full('Karen Wright'), 64).text;
    expect(narrow).toContain('Karen Wright');
    expect(narrow).toContain('236 convs');
    expect(narrow).not.toContain('7 rcvd');
    // Who is online goes after the blacklist's figure, before the friends'.
    expect(narrow).toContain('31 friends');
    expect(narrow).not.toContain('online');
  });

  it('says whether the user is online and on which platforms, named, a newer one as its number', () => {
    const at = (presence: UserSummary['presence'], width: number) => userSummaryLine({ ...full('Karen Smith'), presence }, width).text;
    expect(at({ state: 'ok', value: { userID: 'u', status: 1, platformIDs: [4, 11, 12] } }, 400)).toContain(' · online on macOS, HarmonyOS, 12 · ');
    expect(at({ state: 'ok', value: { userID: 'u', status: 1, platformIDs: [2] } }, 80)).toContain('  online Android  ');
    expect(at({ state: 'ok', value: { userID: 'u', status: 0, platformIDs: [] } }, 260)).toContain(' · offline · ');
    expect(at({ state: 'loading' }, 260)).toContain(' · online … · ');
    const failed = at({ state: 'error', error: new ApiError(1002, 'NoPermissionError', '', { operation: 'getUsersStatus', operationID: '' }) }, 400);
    expect(failed).toContain('online ✗ (server error 1002)');
  });

  it('uses long labels where there is room', () => {
    const { text } = userSummaryLine(full('Karen Smith'), 400);
    for (const part of ['level 1 (app ordinary user)', 'online on iOS, Web', 'created 2023-04-0', 'global receive: receive', '236 conversations with messages', 'blacklist 12', 'sent applications 40', 'friends 31', 'received applications 7', 'groups 9', '18 not read to the end', 'join applications 8', 'join requests 3']) {
      expect(text).toContain(part);
    }
  });

  it('says one conversation, not one conversations', () => {
    const one: UserSummary = { ...full('Karen Smith'), conversations: { state: 'ok', value: { withMessages: 1, unread: 0, none: false } } };
    expect(userSummaryLine(one, 400).text).toContain('1 conversation with messages');
    expect(userSummaryLine(one, 80).text).toContain('1 conv 0 unread');
  });

  it('cuts a long or wide nickname before any figure', () => {
    const { text } = userSummaryLine(full('黄晓明'.repeat(20)), 80);
    expect(displayWidth(text)).toBeLessThanOrEqual(80);
    expect(text).toContain('黄晓明');
    expect(text).toContain('online iOS,Web');
    expect(text).toContain('236 convs');
  });

  it('removes escape sequences from the nickname', () => {
    const { text } = userSummaryLine(full('Mallory\u001b[2J\u001b]0;pwned\u0007'), 120);
    expect(text).not.toMatch(/[\u001b\u0007]/);
  });

  it('shows figures still on their way, and what a system account or an unknown ID is', () => {
    const loading = { profile: { state: 'loading' }, presence: { state: 'loading' }, ...Object.fromEntries(USER_TABS.map((tab) => [tab, { state: 'loading' }])) } as UserSummary;
    expect(userSummaryLine(loading, 240).text).toBe(`profile … · online … · ${USER_TABS.map((tab) => `${summaryPart(tab).label.long} …`).join(' · ')}`);
    expect(userSummaryLine(loading, 100).text).toBe(`…  online …  ${USER_TABS.map((tab) => `${summaryPart(tab).label.short} …`).join('  ')}`);
    const system = userSummaryLine(
      { ...loading, profile: { state: 'ok', value: { kind: 'system', user: { userID: 'notify_ops', nickname: '运维通知', faceURL: '', ex: '', createTime: 0, appMangerLevel: 3, globalRecvMsgOpt: 0 } } } },
      80,
    );
    expect(system).toMatchObject({ tone: 'note', text: expect.stringContaining('运维通知  system account L3') });
    expect(userSummaryLine({ ...loading, profile: { state: 'ok', value: { kind: 'none' } } }, 80)).toMatchObject({
      tone: 'error',
      text: expect.stringContaining('no such user'),
    });
    expect(userSummaryLine({ ...full('x'), conversations: { state: 'ok', value: { withMessages: 0, unread: 0, none: true } } }, 80).text).toContain('no convs');
  });
});
