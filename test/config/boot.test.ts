// What the start hands down (src/config/boot.ts): `settled()` takes the code cache first and only
// then gives what sets the heap flags (V8 refuses a cache taken under other flags than the next
// start's), so a heap tuning cannot come first: `npm run typecheck` fails on the lines below the
// day a tuning no longer needs it. No flag is set here: this process's V8 is the tests'.
import { describe, expect, it } from 'vitest';
import { makeBoot, NO_BOOT, type SettledKind } from '../../src/config/boot.js';
import { tuneHeapForWalk } from '../../src/commands/heap.js';
import { tuneHeapForExplorer } from '../../src/explorer/heap.js';

describe('the boot value', () => {
  it('settled() saves the code cache, of the kind said, before it hands over the heap flags', () => {
    const saved: SettledKind[] = [];
    const boot = makeBoot({ takeDemoWorker: () => undefined, saveCodeCache: (kind) => saved.push(kind) });
    expect(saved).toEqual([]);
    const settled = boot.settled('explorer');
    expect(saved).toEqual(['explorer']);
    expect(typeof settled.setHeapFlags).toBe('function');
    boot.settled('script');
    expect(saved).toEqual(['explorer', 'script']);
  });

  it('a heap tuning takes a Settled: it cannot be called before the cache is taken', () => {
    // @ts-expect-error the walk's heap flag needs settled()'s answer
    const walkFirst = (): void => tuneHeapForWalk();
    // @ts-expect-error so do the explorer's
    const explorerFirst = (): void => tuneHeapForExplorer();
    expect([walkFirst, explorerFirst].every((f) => typeof f === 'function')).toBe(true);
  });

  it('without a bin (the tests, the ES modules) there is no early worker', () => {
    expect(NO_BOOT.takeDemoWorker()).toBeUndefined();
  });
});
