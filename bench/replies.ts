// Request to parsed page, with the characters of the replies each sample read (the client's own
// request events): a page that carries more pays more in the transport, the JSON parser and the
// checks, per character. Figures 4 and 10 set a message page against a users page by time, by
// reply size and by time per reply character, so that what the size explains is shown apart.
import { performance } from 'node:perf_hooks';
import type { RequestEvent } from '../src/api/http.js';
import { paired, type Result } from './stats.js';

export interface ReplyMeter {
  /** For the client's `onRequest`. */
  onRequest(event: RequestEvent): void;
  /** A side's sampler: times `send`, and keeps its time and its replies' characters for i >= 0 (warm-up turns are negative). */
  side(send: (i: number) => Promise<unknown>): { sample: (i: number) => Promise<number>; ms: number[]; chars: number[] };
}

export function replyMeter(): ReplyMeter {
  let chars = 0;
  return {
    onRequest: (event) => {
      chars += event.bytes;
    },
    side: (send) => {
      const ms: number[] = [];
      const sizes: number[] = [];
      return {
        ms,
        chars: sizes,
        sample: async (i) => {
          chars = 0;
          const t0 = performance.now();
          await send(i);
          const took = performance.now() - t0;
          if (i >= 0) {
            ms.push(took);
            sizes.push(chars);
          }
          return took;
        },
      };
    },
  };
}

/** The two reference rows beside a page's time figure: its replies' size, and its time per reply character, against the other side's. */
export function replyRows(group: number, what: string, a: { ms: number[]; chars: number[] }, b: { ms: number[]; chars: number[] }, floorName: string): Result[] {
  const perThousand = (s: { ms: number[]; chars: number[] }) => s.ms.map((ms, i) => (1000 * ms) / (s.chars[i]! / 1000));
  return [
    paired(group, `${what}: reply characters vs ${floorName}`, a.chars.map((c) => c / 1000), b.chars.map((c) => c / 1000), 'K', floorName, '', undefined, 'every reply of the sample (a history page 1 is two)'),
    paired(group, `${what}: time per 1,000 reply characters vs ${floorName}`, perThousand(a), perThousand(b), 'µs', floorName, '', undefined, 'the time figure above with the reply size taken out'),
  ];
}
