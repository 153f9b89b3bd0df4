import { describe, expect, it } from 'vitest';
import * as EXIT_CODES from '../../src/commands/exitCodes.js';
import { FLAGS } from '../../src/config/flags.js';
import { HELP, HELP_WIDTH } from '../../src/config/helpText.js';
import { displayWidth } from '../../src/terminal/width.js';

describe('--help', () => {
  it('fits an 80-column terminal: no line is wider', () => {
    const wide = HELP.split('\n').filter((line) => displayWidth(line) > HELP_WIDTH);
    expect(wide).toEqual([]);
    expect(HELP_WIDTH).toBe(80);
  });

  it('still names every command and flag', () => {
    for (const word of ['--demo', '--base-url', 'conversations --user ID [--ids A,B]', '--admin-user-id', '--page-size', '--log-file', 'completion']) {
      expect(HELP).toContain(word);
    }
  });

  it('names every flag of the flag table, --ca-file among them', () => {
    const missing = Object.keys(FLAGS).filter((name) => !HELP.includes(`--${name}`));
    expect(missing).toEqual([]);
  });

  it('names every exit code the commands use, 74 among them', () => {
    const paragraph = HELP.slice(HELP.indexOf('Exit codes:'), HELP.indexOf('\n\n', HELP.indexOf('Exit codes:')));
    const named = [...paragraph.matchAll(/(?:^|[\s:,])(\d+) /g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    expect(named).toEqual(Object.values(EXIT_CODES).sort((a, b) => a - b));
  });
});
