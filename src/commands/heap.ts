// The scripting walk's garbage collector setting. A walk (`--all`) allocates at a steady rate for
// seconds: V8 then grows its young generation from 1 MB to 16 MB a semi-space, which was most of
// what the walk's peak resident set had over a bare node:http loop (79 against 63 MB for 200,000
// users). A growth factor of 1 keeps the young generation at its starting size: peak 64 MB, for
// about 3% more CPU in scavenges (bench figures 6 and 8; docs/performance.md).
//
// Set at run time, as the explorer's (src/explorer/heap.ts): V8 reads it each time it sizes the
// young generation. If a later V8 ignored it, only memory would be as before.
import type { Settled } from '../config/boot.js';

/** Once the start's code cache is taken: `settled` (config/boot.ts) is the only way to set the flag. */
export function tuneHeapForWalk(settled: Settled): void {
  settled.setHeapFlags('--semi-space-growth-factor=1');
}
