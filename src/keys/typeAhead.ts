// Keys typed while the page they are meant for loads, as less and vim keep them: held in order and
// replayed once the list on screen has its page, each through the one input path, so a replayed
// key that starts another load makes the rest wait again. A key that does not read the rows on
// screen (a page step, a tab, help, a prompt) runs at once when nothing waits before it: a held
// `n` still asks for each page as it is pressed (the scheduler cancels the one before).
import { BINDINGS, type Action, type Binding } from './bindings.js';

/** The actions marked `atOnce` in the bindings: they act on what is asked for, not on the rows on screen. */
export const ACT_AT_ONCE: ReadonlySet<Action> = new Set(
  (BINDINGS as readonly Binding[]).filter((b) => b.atOnce === true).map((b) => b.action),
);

/** Past this many keys waiting, more are refused with a word (a key held down over a dead link). */
const TYPE_AHEAD_LIMIT = 200;

export interface TypeAheadHost {
  /** The list on screen waits for its page. */
  busy(): boolean;
  /** The wait ended in a failure: what to say instead of replaying keys meant for a page that did not come. */
  failure(): string | undefined;
  /** Runs one key as if typed now. */
  run(key: string): void;
  /** How many keys wait (the status line says so). */
  count(n: number): void;
  say(text: string): void;
}

export class TypeAhead {
  private readonly keys: string[] = [];
  private replaying = false;

  constructor(
    private readonly host: TypeAheadHost,
    private readonly limit = TYPE_AHEAD_LIMIT,
  ) {}

  get size(): number {
    return this.keys.length;
  }

  /** Keeps a key for when the page is there. */
  hold(key: string): void {
    if (this.keys.length >= this.limit) {
      this.host.say(`${this.limit} keys are already waiting for the page; ${key} was not kept`);
      return;
    }
    this.keys.push(key);
    this.host.count(this.keys.length);
  }

  /** Forgets the keys waiting (Esc gave up the load, Ctrl-C quits); returns how many. */
  drop(): number {
    const n = this.keys.splice(0).length;
    if (n > 0) this.host.count(0);
    return n;
  }

  /** The state changed: if the page is there, replay what waited for it, in order. */
  settle(): void {
    if (this.replaying || this.keys.length === 0 || this.host.busy()) return;
    this.replaying = true;
    try {
      const failed = this.host.failure();
      if (failed !== undefined) {
        const n = this.drop();
        this.host.say(`${failed}: ${n === 1 ? 'the key' : `the ${n} keys`} typed ahead were not applied`);
        return;
      }
      while (this.keys.length > 0 && !this.host.busy()) {
        const key = this.keys.shift()!;
        this.host.count(this.keys.length);
        this.host.run(key);
      }
    } finally {
      this.replaying = false;
    }
  }
}
