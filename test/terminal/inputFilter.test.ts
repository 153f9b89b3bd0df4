import { describe, expect, it } from 'vitest';
import { createInputFilter, filterInput, STRING_REST_MS } from '../../src/terminal/inputFilter.js';

function recorder(): { seen: string[]; filter: (text: string) => string; clock: { ms: number } } {
  const seen: string[] = [];
  const clock = { ms: 1000 };
  const filter = createInputFilter(
    {
      focus: (focused) => seen.push(focused ? 'focus-in' : 'focus-out'),
      repaint: () => seen.push('repaint'),
      suspend: () => seen.push('suspend'),
    },
    () => clock.ms,
  );
  return { seen, filter, clock };
}

describe('the input filter', () => {
  it('turns Ctrl-L into a repaint and Ctrl-Z into a suspend, keeping the keys around them in order', () => {
    const { seen, filter } = recorder();
    expect(filter('j\u000ck')).toBe('jk');
    expect(filter('e\u001a')).toBe('e');
    expect(seen).toEqual(['repaint', 'suspend']);
  });

  it('swallows focus reports, X10 mouse reports and OSC, DCS, APC replies, which Ink would split into keys', () => {
    const { seen, filter } = recorder();
    expect(filter('\u001b[I\u001b[O')).toBe('');
    expect(filter('\u001b[M !!j')).toBe('j');
    expect(filter('\u001b]11;rgb:0000/0000/0000\u0007k')).toBe('k');
    expect(filter('\u001b]52;c;aGk=\u001b\\k')).toBe('k');
    expect(filter('\u001bP1$r0m\u001b\\\u001b_Gi=1;OK\u001b\\j')).toBe('j');
    // A reply cut by the read: its start never reaches the keys.
    expect(filter('j\u001b]11;rgb:00')).toBe('j');
    expect(seen).toEqual(['focus-in', 'focus-out']);
  });

  it('takes the rest of a reply cut by a read from the next read, which comes at once', () => {
    const { filter, clock } = recorder();
    expect(filter('j\u001b]52;c;aGVsbG8gd29y')).toBe('j');
    clock.ms += 2;
    expect(filter('bGQ=\u0007k')).toBe('k');
    // Cut in the middle twice, and on the ESC of its ST.
    expect(filter('\u001bP1$r0')).toBe('');
    clock.ms += 1;
    expect(filter('m;more')).toBe('');
    clock.ms += 1;
    expect(filter('tail\u001b')).toBe('');
    clock.ms += 1;
    expect(filter('\\gk')).toBe('gk');
    // Nothing is pending any more: the next keys are keys.
    clock.ms += 1;
    expect(filter('\\q')).toBe('\\q');
  });

  it('takes a later read as keys: Alt-] sends ESC ] too, and what the user types next is not a reply', () => {
    const { filter, clock } = recorder();
    expect(filter('\u001b]')).toBe('');
    clock.ms += STRING_REST_MS + 1;
    expect(filter('jj')).toBe('jj');
  });

  it('leaves keys and sequences it does not own to Ink and the app', () => {
    const { seen, filter } = recorder();
    for (const keys of ['plain', '\u001b[A', '\u001b[1;5P', '\u001b[<0;10;5M', '\u001b[97;5u', '\u001b[27;5;97~', '\u001bOP', '\u001b', 'ü\ufffd']) {
      expect(filter(keys)).toBe(keys);
    }
    expect(seen).toEqual([]);
  });

  it('takes nothing out of a bracketed paste, however many reads it spans', () => {
    const { seen, filter } = recorder();
    expect(filter('\u001b[200~a\u000cb')).toBe('\u001b[200~a\u000cb');
    expect(filter('\u001a\u001b[I')).toBe('\u001a\u001b[I');
    expect(filter('c\u001b[201~\u000c')).toBe('c\u001b[201~');
    expect(seen).toEqual(['repaint']);
  });

  it('filters the reads of a stream, strings and bytes alike, and can be undone', () => {
    const seen: string[] = [];
    const chunks: unknown[] = ['j\u000c', Buffer.from([0x1b, 0x5b, 0x49, 0xc3, 0xbc, 0x1a]), null, '\u001b[O'];
    const stdin = { read: (): unknown => chunks.shift() ?? null };
    const undo = filterInput(stdin, {
      focus: (focused) => seen.push(String(focused)),
      repaint: () => seen.push('repaint'),
      suspend: () => seen.push('suspend'),
    });
    expect(stdin.read()).toBe('j');
    expect((stdin.read() as Buffer).toString('utf8')).toBe('ü');
    expect(stdin.read()).toBeNull();
    undo();
    expect(stdin.read()).toBe('\u001b[O');
    expect(seen).toEqual(['repaint', 'true', 'suspend']);
  });
});
