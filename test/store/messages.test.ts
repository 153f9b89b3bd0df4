// The status line's message stays until the operator acts or a newer one comes: no timer ends
// it. Each one is kept in the log, newest first, the last 50.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlasher, MESSAGE_LOG_LIMIT, withLogged } from '../../src/store/flash.js';
import type { Flash, LoggedMessage } from '../../src/store/types.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the status line message', () => {
  it('is still there an hour later, until cleared or replaced', () => {
    let shown: Flash | null = null;
    let log: LoggedMessage[] = [];
    const flasher = createFlasher(
      (flash) => (shown = flash),
      (entry) => (log = withLogged(log, entry)),
      () => 1000,
    );
    flasher.show('wrote ./openim-blacklist-x.csv (12 rows)', 'info');
    flasher.show('export failed: the disk is full', 'error');
    vi.advanceTimersByTime(3_600_000);
    expect(shown).toEqual({ text: 'export failed: the disk is full', level: 'error', listKey: undefined });
    expect(vi.getTimerCount()).toBe(0);
    flasher.clear();
    expect(shown).toBeNull();
    expect(log.map((m) => m.text)).toEqual(['export failed: the disk is full', 'wrote ./openim-blacklist-x.csv (12 rows)']);
  });

  it('the log keeps the last 50, and one entry for a message shown again at once', () => {
    let log: LoggedMessage[] = [];
    for (let i = 0; i < 60; i++) log = withLogged(log, { text: `m${i}`, level: 'info', at: i });
    expect(log).toHaveLength(MESSAGE_LOG_LIMIT);
    expect(log[0]!.text).toBe('m59');
    log = withLogged(log, { text: 'm59', level: 'info', at: 99 });
    expect(log).toHaveLength(MESSAGE_LOG_LIMIT);
    expect(log[0]).toEqual({ text: 'm59', level: 'info', at: 99 });
    expect(log[1]!.text).toBe('m58');
  });
});
