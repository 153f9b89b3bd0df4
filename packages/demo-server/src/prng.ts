// Every demo record is computed from its index on demand, so the generator has to be a pure
// function of (stream, index): a 32-bit hash seeds a small mulberry32 stream per record.

/** Mixes any number of 32-bit integers into one well-spread 32-bit value (murmur3 finaliser per step). */
export function mix(...parts: number[]): number {
  return finalise(mixOn(0x9e3779b9, parts));
}

function mixOn(state: number, parts: readonly number[]): number {
  let h = state;
  for (const part of parts) {
    // Split doubles above 2^32 so large indices still contribute all their bits.
    h = step(h, part >>> 0);
    h = step(h, Math.floor(part / 0x1_0000_0000) >>> 0);
  }
  return h;
}

function step(h: number, k: number): number {
  let x = Math.imul(k, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  const y = (h ^ x) >>> 0;
  return (Math.imul((y << 13) | (y >>> 19), 5) + 0xe6546b64) >>> 0;
}

function finalise(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform integer in [lo, hi]. */
  between(lo: number, hi: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  hex(chars: number): string;
}

/** One mulberry32 output for a state already advanced. */
function mulberry(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
}

const HEX_PAIRS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A mulberry32 stream. A class, not closures: thousands are made per request (a record or a
 * message each), and six function objects per stream (each also named, under tsx) were a third
 * of a message page's cost.
 */
class Mulberry implements Rng {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    return mulberry(this.state);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Four hex digits a draw, cut to `chars`: two message IDs per message, so by table rather than toString. */
  hex(chars: number): string {
    let out = '';
    for (let n = 0; n < chars; n += 4) {
      const v = this.int(0x1_0000);
      out += HEX_PAIRS[v >>> 8]! + HEX_PAIRS[v & 0xff]!;
    }
    return out.length === chars ? out : out.slice(0, chars);
  }
}

/** A mulberry32 stream seeded from the given parts. */
export function rngFor(...parts: number[]): Rng {
  return new Mulberry(mix(...parts));
}

/**
 * The first `out.length` values rngFor(a, b, c).next() would give, written into `out`: no stream
 * object, for the loops that draw a few values per message over thousands of messages.
 */
export function rollsInto(out: Float64Array, a: number, b: number, c: number): Float64Array {
  let state = mix(a, b, c);
  for (let i = 0; i < out.length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    out[i] = mulberry(state);
  }
  return out;
}

/**
 * The value rollsInto(…, a, b, c) writes at `i`, as a function of c: the parts a and b mixed once,
 * for a loop that needs one draw per message of a conversation.
 */
export function rollOf(i: number, a: number, b: number): (c: number) => number {
  const prefix = mixOn(0x9e3779b9, [a, b]);
  // rollsInto adds the constant i + 1 times, mod 2^32; one multiply is the same (exact below 2^53).
  const ahead = (i + 1) * 0x6d2b79f5;
  return (c) => mulberry((finalise(step(step(prefix, c >>> 0), Math.floor(c / 0x1_0000_0000) >>> 0)) + ahead) >>> 0);
}

/** Stream tags, so the same index gives unrelated values in each kind of record. */
export const STREAM = {
  user: 1,
  friendRequests: 2,
  blacks: 3,
  conversations: 4,
  group: 5,
  message: 6,
  /** A single chat's latest message, seeded by the pair of users. */
  pair: 7,
  /** Which single chats a user starts (singleChats.ts). */
  pairStart: 8,
  /** Friendships: one pair's shared facts, and each side's own (friends.ts). */
  friends: 9,
  /** Group join applications, seeded by the group (group-applications.ts). */
  groupRequests: 10,
} as const;
