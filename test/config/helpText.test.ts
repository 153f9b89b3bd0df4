import { describe, expect, it } from 'vitest';
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
});
