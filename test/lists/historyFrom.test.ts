// FROM in a history: the sender's nickname beside the ID only on a wide table (100 cells or more:
// a 120-column terminal), never at 80; and only a nickname the terminal shows as sent (one with a
// control or an invalid character leaves the cell blank: the ID says who).
import { describe, expect, it } from 'vitest';
import { LISTS } from '../../src/lists/registry.js';
import { layoutColumns } from '../../src/domain/tableLayout.js';

const columns = LISTS.history.columns;
const nameColumn = columns.find((c) => c.key === 'name')!;
const row = (senderNickname: string) => ({
  sendID: 'user_000017', recvID: 'user_000001', groupID: '', clientMsgID: 'c', serverMsgID: 's', senderPlatformID: 5, senderNickname, senderFaceURL: '',
  sessionType: 1, msgFrom: 100, contentType: 101, content: '', seq: 3, sendTime: 0, createTime: 0, status: 2, ex: '',
});
const ctx = { now: new Date(0) };

describe('FROM in a history', () => {
  it('the nickname column stands right after FROM, shown on a table 100 cells wide and dropped at 80', () => {
    const at = columns.indexOf(nameColumn);
    expect(columns[at - 1]!.title).toBe('FROM');
    const content = columns.map((c) => Math.max(c.title.length, 8));
    expect(layoutColumns(columns, content, 79).widths[at]).toBe(0);
    expect(layoutColumns(columns, content, 119).widths[at]).toBeGreaterThan(0);
  });

  it('shows a printable nickname, and nothing for one the terminal cannot show as sent', () => {
    expect(nameColumn.value(row('Eve') as never, ctx)).toBe('Eve');
    expect(nameColumn.value(row('Eve\u0007') as never, ctx)).toBe('');
    expect(nameColumn.value(row('Mallory\u001b[2Jcleared') as never, ctx)).toBe('');
    expect(nameColumn.value(row('Mia Ødegaard') as never, ctx)).toBe('Mia Ødegaard');
  });
});
