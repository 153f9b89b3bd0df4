// The two lists added on the registry's shape, as an operator meets them: a user's friends and
// received applications are tabs 4 and 5 at 80x24 and 120x40, each exports with E like any list
// (every row its total announced), and Enter on a row opens the user it names.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { demoApps } from '../support/demoApp.js';

const startDemo = demoApps();

describe.each([
  [80, 24],
  [120, 40],
])('friends and received applications at %ix%i', (cols, rows) => {
  it.each([
    ['4', 'friends', /FRIEND +NICKNAME/],
    ['5', 'received-applications', /FROM +NICKNAME +RESULT/],
  ])('tab %s shows %s, exports every row with E, and Enter opens the user a row names', async (tab, file, header) => {
    const dir = mkdtempSync(join(tmpdir(), `oie-${file}-`));
    const a = await startDemo({ cols, rows, cwd: dir });
    a.send('Enter');
    await a.waitFor(`› ${DEMO.firstUserID}`);
    a.send(tab);
    const screen = await a.waitFor((s) => header.test(s) && /page 1 of \d+ · [\d,]+ total/.test(s));
    const total = Number(/page 1 of \d+ · ([\d,]+) total/.exec(screen)![1]!.replaceAll(',', ''));
    expect(total).toBeGreaterThan(0);

    a.send('E');
    await a.waitFor('export to: ');
    a.send('Enter');
    const done = await a.waitFor(/wrote \.\/(\S+\.csv) \(([\d,]+) rows?\)/);
    const [, name, written] = /wrote \.\/(\S+\.csv) \(([\d,]+) rows?\)/.exec(done)!;
    expect(Number(written!.replaceAll(',', ''))).toBe(total);
    const lines = readFileSync(join(dir, name!), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(total + 1);

    // Enter on the first row opens the user it names: the breadcrumb gains a user.
    a.send('Enter');
    // (At 80 columns beside six tabs the crumb is elided in the middle: Users › … › user_000205.)
    await a.waitFor(new RegExp(`› (?:${DEMO.firstUserID}|…) › user_\\d+|Users › user_(?!${DEMO.firstUserID.slice(5)})\\d+`));
  }, 40_000);
});
