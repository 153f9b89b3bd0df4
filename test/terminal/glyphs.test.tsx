// --ascii and non-UTF-8 locales: the marks the app draws come from one switch.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { Table } from '../../src/components/Table.js';
import { ASCII_GLYPHS, localeIsUtf8, setAsciiMode, UNICODE_GLYPHS } from '../../src/terminal/glyphs.js';
import { sanitize } from '../../src/terminal/sanitize.js';
import { displayWidth, truncate } from '../../src/terminal/width.js';

afterEach(() => setAsciiMode(false));

describe('localeIsUtf8', () => {
  it.each([
    [{}, true],
    [{ LANG: 'en_US.UTF-8' }, true],
    [{ LANG: 'de_DE.utf8' }, true],
    [{ LANG: 'C' }, false],
    [{ LANG: 'POSIX' }, false],
    [{ LC_CTYPE: 'en_US.ISO-8859-1', LANG: 'en_US.UTF-8' }, false],
    [{ LC_ALL: 'C.UTF-8', LC_CTYPE: 'C' }, true],
    [{ LC_ALL: '', LANG: 'C' }, false],
  ])('%j -> %s', (env, expected) => {
    expect(localeIsUtf8(env)).toBe(expected);
  });
});

describe('ASCII mode', () => {
  it('has only printable ASCII marks, each as wide as its Unicode twin where it sits in a layout', () => {
    const all = JSON.stringify(ASCII_GLYPHS);
    expect(all).toMatch(/^[\x20-\x7e]*$/);
    for (const key of ['cursor', 'ellipsis', 'separator', 'connected', 'failing', 'connecting'] as const) {
      expect(displayWidth(ASCII_GLYPHS[key])).toBe(displayWidth(UNICODE_GLYPHS[key]));
    }
  });

  it('writes "at least" as >=, never as >, which says something else (issue 34)', () => {
    expect(ASCII_GLYPHS.atLeast).toBe('>=');
  });

  it('changes the sanitiser and truncation marks', () => {
    setAsciiMode(true);
    // A line break reads as the escape everyone knows, not as a literal pipe.
    expect(sanitize('a\nb\tc\u001b[2Jd')).toBe('a\\nb c?d');
    expect(sanitize('a|b\nc')).toBe('a|b\\nc');
    expect(truncate('abcdefgh', 5)).toBe('abcd~');
    setAsciiMode(false);
    expect(sanitize('a\nb\tc')).toBe('a⏎b→c');
    expect(truncate('abcdefgh', 5)).toBe('abcd…');
  });

  it('the table marks the cursor row with >', () => {
    setAsciiMode(true);
    const columns = [{ key: 'id', title: 'ID', priority: 1, value: (r: { id: string }) => r.id }];
    const context = { now: new Date() };
    const { lastFrame } = render(
      <Table columns={columns} rows={[{ id: 'a' }, { id: 'bbbbbbbbbbbb' }]} cursor={1} width={10} height={5} color={false} context={context} />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('>bbbbbbbb~');
    expect(frame).not.toMatch(/[^\x00-\x7f]/);
  });
});
