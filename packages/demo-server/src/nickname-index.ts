// Nicknames are computed from the user's index, and computing one costs a hash and a few draws:
// at a million users a regex over every nickname would take seconds per request. The index maps
// each user to one of the (far fewer) distinct nicknames, so a search tests each distinct name
// once and then reads a number per user. Built once per world, on the first search that needs
// it, in slices that yield to the event loop: the server (and the explorer, when it runs the
// demo in its own process) keeps answering meanwhile.
import { nicknameAt, type World } from './users.js';

export interface NicknameIndex {
  /** Every distinct nickname. */
  names: readonly string[];
  /** For user index i (1-based), names[nameOf[i - 1]] is the nickname. */
  nameOf: Uint32Array;
}

/** Users per slice between two turns of the event loop (about 10 ms of work here). */
const SLICE = 4096;

const built = new WeakMap<World, Promise<NicknameIndex>>();

export function nicknameIndex(world: World): Promise<NicknameIndex> {
  let index = built.get(world);
  if (!index) {
    index = build(world.population);
    built.set(world, index);
  }
  return index;
}

async function build(population: number): Promise<NicknameIndex> {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const nameOf = new Uint32Array(population);
  for (let start = 1; start <= population; start += SLICE) {
    const end = Math.min(population, start + SLICE - 1);
    for (let i = start; i <= end; i++) {
      const name = nicknameAt(i);
      let id = ids.get(name);
      if (id === undefined) {
        id = names.length;
        names.push(name);
        ids.set(name, id);
      }
      nameOf[i - 1] = id;
    }
    if (end < population) await yieldToEventLoop();
  }
  return { names, nameOf };
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
