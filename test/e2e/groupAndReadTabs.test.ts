// The three lists added on the registry's shape, as an operator meets them at 80x24: a user's read
// state (tab 7: one unpaged reply, cut into pages), the group join applications sent (8) and
// received by the groups the user manages (9); Enter opens the history, the group's members, the applicant.
import { describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { demoApps } from '../support/demoApp.js';

const startDemo = demoApps();

describe('read state and group join applications at 80x24', () => {
  it.each([
    ['7', /CONVERSATION +UNREAD +READ SEQ +MAX SEQ/, /History/],
    ['8', /GROUP +GROUP NAME +RESULT/, /Members/],
    ['9', /FROM +NICKNAME +GROUP/, new RegExp(`› user_(?!${DEMO.firstUserID.slice(5)})\\d+`)],
  ])('tab %s shows its rows, page and total, and Enter opens what a row names', async (tab, header, opened) => {
    const a = await startDemo({ cols: 80, rows: 24 });
    a.send('Enter');
    await a.waitFor(`› ${DEMO.firstUserID}`);
    a.send(tab);
    const screen = await a.waitFor((s) => header.test(s) && /page 1 of \d+ · [\d,]+ total/.test(s));
    expect(Number(/page 1 of \d+ · ([\d,]+) total/.exec(screen)![1]!.replaceAll(',', ''))).toBeGreaterThan(0);
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    a.send('Enter');
    await a.waitFor(opened);
  }, 40_000);
});
