// The table's layout arithmetic: widths from the page's content and each column's priority.
import { describe, expect, it } from 'vitest';
import type { Conversation, MsgInfo, NotificationAccount, User } from '../../src/api/schemas.js';
import type { Column } from '../../src/domain/columns.js';
import { LISTS } from '../../src/lists/registry.js';
import { cellsOf, pageTable } from '../../src/domain/pageTable.js';
import { contentWidths, layoutColumns, type ColumnSize } from '../../src/domain/tableLayout.js';
import { formatTableTime } from '../../src/content/format.js';
import { displayWidth } from '../../src/terminal/width.js';
import { conversationRow } from '../fixtures/conversations.js';

const used = (widths: readonly number[], gap: number): number => {
  const shown = widths.filter((w) => w > 0);
  return shown.reduce((a, b) => a + b, 0) + gap * Math.max(0, shown.length - 1);
};

describe('layoutColumns', () => {
  const id: ColumnSize = { priority: 1, whole: true, max: 40 };
  const nickname: ColumnSize = { priority: 1, min: 8, max: 32 };
  const count: ColumnSize = { priority: 2, whole: true };
  const avatar: ColumnSize = { priority: 5, min: 16 };

  it('makes an ID column as wide as its longest ID, not wider', () => {
    const { widths } = layoutColumns([id, avatar], [11, 60], 80);
    expect(widths[0]).toBe(11);
  });

  it('gives the identifying columns their whole width before decoration gets any', () => {
    // 11 + 20 + gaps leave 47 for the avatar: the nickname is not cut to feed it.
    expect(layoutColumns([id, nickname, avatar], [11, 20, 60], 80).widths).toEqual([11, 20, 47]);
    // Narrower: the avatar shrinks to its least useful width, then goes.
    expect(layoutColumns([id, nickname, avatar], [11, 20, 60], 49).widths).toEqual([11, 20, 16]);
    expect(layoutColumns([id, nickname, avatar], [11, 20, 60], 47).widths).toEqual([11, 20, 0]);
  });

  it('never cuts a whole column (numbers, IDs, dates): it shows whole or is dropped', () => {
    const columns = [id, nickname, count, { priority: 3, whole: true }, avatar];
    const content = [11, 25, 6, 16, 50];
    for (let width = 12; width <= 140; width++) {
      const { widths } = layoutColumns(columns, content, width);
      expect(widths[0], `at ${width}`).toBe(11);
      expect([0, 6], `at ${width}`).toContain(widths[2]);
      expect([0, 16], `at ${width}`).toContain(widths[3]);
    }
  });

  it('drops what does not fit by priority: the highest number goes first', () => {
    const columns: ColumnSize[] = [id, { priority: 4, whole: true }, { priority: 2, whole: true }, { priority: 3, whole: true }];
    const content = [10, 10, 10, 10];
    expect(layoutColumns(columns, content, 43).widths).toEqual([10, 10, 10, 10]);
    expect(layoutColumns(columns, content, 40).widths).toEqual([10, 0, 10, 10]);
    expect(layoutColumns(columns, content, 30).widths).toEqual([10, 0, 10, 0]);
    expect(layoutColumns(columns, content, 20).widths).toEqual([10, 0, 0, 0]);
  });

  it('keeps a smaller column of lower priority when a larger one of higher priority does not fit', () => {
    const columns: ColumnSize[] = [id, { priority: 2, whole: true }, { priority: 3, whole: true }];
    expect(layoutColumns(columns, [10, 30, 3], 30).widths).toEqual([10, 0, 3]);
  });

  it('cuts free text no further than its minimum', () => {
    const columns: ColumnSize[] = [id, { priority: 2, min: 12 }];
    expect(layoutColumns(columns, [10, 50], 30).widths).toEqual([10, 19]);
    expect(layoutColumns(columns, [10, 50], 23).widths).toEqual([10, 12]);
    expect(layoutColumns(columns, [10, 50], 22).widths).toEqual([10, 0]);
  });

  it('widens bounded columns (a name) to their content before unbounded free text takes the rest', () => {
    const from: ColumnSize = { priority: 4, min: 8, max: 16 };
    const summary: ColumnSize = { priority: 3, min: 16 };
    expect(layoutColumns([id, summary, from], [11, 80, 12], 60).widths).toEqual([11, 35, 12]);
  });

  it('always shows the first column, cut to the room when nothing else fits', () => {
    expect(layoutColumns([id, count], [30, 5], 12).widths).toEqual([12, 0]);
  });

  it('uses two cells between columns when everything fits whole with them, else one', () => {
    expect(layoutColumns([id, count], [11, 6], 40)).toEqual({ widths: [11, 6], gap: 2 });
    expect(layoutColumns([id, count], [11, 6], 18)).toEqual({ widths: [11, 6], gap: 1 });
  });

  it('never exceeds the width, whatever the content', () => {
    const columns = [id, nickname, count, avatar, { priority: 6, min: 4 }];
    for (const content of [[11, 20, 6, 60, 3], [200, 200, 200, 200, 200], [1, 1, 1, 1, 1]]) {
      for (let width = 0; width <= 160; width++) {
        const layout = layoutColumns(columns, content, width);
        expect(used(layout.widths, layout.gap), `${content} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
  });

  it('caps a column at its max, whatever the content (a 100k-character value)', () => {
    expect(layoutColumns([id, nickname], [100_000, 100_000], 200).widths).toEqual([40, 32]);
  });

  it('handles no columns and no width', () => {
    expect(layoutColumns([], [], 40).widths).toEqual([]);
    expect(layoutColumns([id, count], [5, 5], 0).widths).toEqual([0, 0]);
  });
});

describe('contentWidths', () => {
  it('measures display cells of the sanitised cells and the title', () => {
    expect(contentWidths(['ID', 'NICKNAME'], [['u1', '周杰'], ['user_000001', 'a\nb']])).toEqual([11, 8]);
    expect(contentWidths(['NAME'], [['周杰伦周杰伦']])).toEqual([12]);
  });
});

describe('formatTableTime', () => {
  const now = new Date(2026, 10, 23, 7, 0);
  it('omits the year within the current one, and shows it (without the time) otherwise', () => {
    expect(formatTableTime(new Date(2026, 0, 15, 9, 29).getTime(), now)).toBe('01-15 09:29');
    expect(formatTableTime(new Date(2025, 11, 25, 15, 14).getTime(), now)).toBe('2025-12-25');
    expect(formatTableTime(0, now)).toBe('not set');
  });
});

// Rows as the demo serves them for user_000001.
const owner = 'user_000001';
const conversation = (id: string, unread: number, extra: Partial<MsgInfo> = {}): Conversation =>
  conversationRow(id, unread, {
    serverMsgID: '',
    clientMsgID: '',
    sendID: 'user_000002',
    recvID: owner,
    senderName: 'Quinn Scott',
    LatestMsgRecvTime: new Date(2026, 0, 11, 17, 23).getTime(),
    content: '{"content":"Docs at https://example.com/a/very/long/path please read them all"}',
    ...extra,
  });

function lines<Row>(columns: readonly Column<Row>[], rows: Row[], width: number): string[] {
  const ctx = { ownerID: owner, now: new Date(2026, 10, 23) };
  const cells = rows.map((row) => cellsOf(columns, row, ctx));
  const table = pageTable(columns, cells, width);
  return [table.header, ...cells.map(table.line)];
}

describe('the lists at 80 and 60 columns', () => {
  it.each([80, 60])('conversations at %i: the peer (not the conversation ID) and the unread count whole', (width) => {
    const rows = [
      conversation('si_user_000001_user_004321', 2391),
      conversation('sg_3112646643', 125, { sessionType: 3, groupID: '3112646643', groupName: 'Weekend Hikers' }),
      conversation('sn_notify_system_user_000001', 15, { sessionType: 4, sendID: 'notify_system' }),
    ];
    const out = lines(LISTS.conversations.columns, rows, width - 1);
    expect(out[0]).toContain('UNREAD');
    expect(out[1]).toMatch(/user_004321 .*2,391/);
    expect(out[2]).toMatch(/Weekend Hikers .*125/);
    expect(out[3]).toMatch(/notify_system .*15/);
    expect(out.join('\n')).not.toContain('si_user');
    for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(width - 1);
  });

  it('system accounts at 80: nicknames whole, the avatar gives way', () => {
    const account = (userID: string, nickName: string): NotificationAccount => ({
      userID,
      nickName,
      faceURL: 'https://static.example.org/avatars/system/notifications-large.png',
      appMangerLevel: undefined, // the docs' real payload: not sent before v3.8.3
    });
    const out = lines(LISTS.accounts.columns, [account('notify_system', 'System Notifications'), account('notify_legacy', 'System Notifications (legacy)')], 79);
    expect(out[1]).toContain('System Notifications ');
    expect(out[2]).toContain('System Notifications (legacy)');
    expect(out[0]).toMatch(/LEVEL/);
    expect(out[1]).toContain('(not sent)');
  });

  it('users at 120: LEVEL and RECEIVE whole, the nickname no wider than it needs', () => {
    const user = (userID: string, nickname: string, level: number, recv: number): User => ({
      userID,
      nickname,
      faceURL: '',
      ex: '',
      createTime: new Date(2021, 2, 1).getTime(),
      appMangerLevel: level,
      globalRecvMsgOpt: recv,
    });
    const out = lines(LISTS.users.columns, [user('user_000005', 'David Martin', 1, 2), user('user_000006', '周杰', 0, 0)], 119);
    expect(out[1]).toContain('app ordinary user');
    expect(out[1]).toContain('receive, no notification');
    expect(out[1]).toContain('2021-03-01');
    expect(out[1]).toMatch(/^user_000005 {2}David Martin {2}/);
  });
});

describe('one layout per page and size, whatever came before', () => {
  const columns = [
    { priority: 1, whole: true, max: 40 },
    { priority: 2, whole: true, max: 28 },
    { priority: 3, min: 10 },
  ];
  it('lays a page out the same after another page was laid out at the same width', () => {
    const first = layoutColumns(columns, [38, 28, 40], 60);
    layoutColumns(columns, [10, 10, 10], 60);
    expect(layoutColumns(columns, [38, 28, 40], 60)).toEqual(first);
    // The gap is chosen from every column of the list, not from those a previous page kept.
    expect(first.gap).toBe(1);
  });
});
