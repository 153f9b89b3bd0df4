// The explorer's garbage collector settings. V8's defaults suit a server: its young generation
// grows from 8 to 32 MB under a steady allocation rate and its old generation lets garbage pile up
// to a few times what is live before collecting it. Paging through 2,000 never-seen pages, the
// explorer's resident set went from about 90 MB to 160 MB and stayed there (garbage, not a leak:
// a forced collection brought the heap back). --optimize-for-size makes V8 collect the old
// generation closer to what is live; a semi-space growth factor of 1 keeps the young generation
// at its starting size. Measured: the resident set after 500 pages from 1.69x to 1.31x of what it
// was after start, pages drawn per second unchanged (bench figure 6; README, Performance).
//
// Set at run time with v8.setFlagsFromString once the first answer is on screen (set before the
// UI loaded, they made the start a tenth slower): these two are read by V8 as it sizes its spaces,
// not only at start-up. Node documents setting flags after start as unsupported in general; if a
// later V8 ignored them, only memory would be as before.
import type { Settled } from '../config/boot.js';

export const EXPLORER_HEAP_FLAGS = '--optimize-for-size --semi-space-growth-factor=1';

/** Once the start's code cache is taken: `settled` (config/boot.ts) is the only way to set the flags. */
export function tuneHeapForExplorer(settled: Settled): void {
  settled.setHeapFlags(EXPLORER_HEAP_FLAGS);
}
