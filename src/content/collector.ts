// Where summarisers put facts and notes while they read a content.
import type { Fact } from './types.js';
import type { ObjectNode } from './view.js';
import { MAX_FACT_CELLS, oneLine } from './text.js';

export class Collector {
  readonly facts: Fact[] = [];
  readonly notes: string[] = [];

  /** Adds a fact when there is a value; the value is sanitised and bounded here, once. */
  fact(label: string, value: string | number | undefined): void {
    if (value === undefined || value === '') return;
    this.facts.push({ label, value: oneLine(String(value), MAX_FACT_CELLS) });
  }

  note(message: string): void {
    if (!this.notes.includes(message)) this.notes.push(message);
  }
}

/** Produces a one-line summary (raw; the caller sanitises) and fills the collector. */
export type Summarizer = (body: ObjectNode, out: Collector, depth: number) => string;
