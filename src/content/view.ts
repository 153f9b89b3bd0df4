// Lenient readers over a JsonNode. Content is whatever a client sent, so every reader
// accepts a missing key or a wrong type and answers undefined instead of throwing.
import type { JsonNode } from './types.js';

export type ObjectNode = Extract<JsonNode, { kind: 'object' }>;

/** Looks through an embedded document to the value inside it. */
export function unwrap(node: JsonNode | undefined): JsonNode | undefined {
  return node?.kind === 'embedded' ? node.value : node;
}

export function asObject(node: JsonNode | undefined): ObjectNode | undefined {
  const n = unwrap(node);
  return n?.kind === 'object' ? n : undefined;
}

/** The value of `key` as stored, embedding kept (the last one, as JSON.parse would keep). */
export function rawField(node: JsonNode | undefined, key: string): JsonNode | undefined {
  const obj = asObject(node);
  if (obj === undefined) return undefined;
  for (let i = obj.entries.length - 1; i >= 0; i -= 1) {
    const entry = obj.entries[i];
    if (entry !== undefined && entry.key === key) return entry.value;
  }
  return undefined;
}

/** The value of `key`, seen through embedding. */
export function field(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return unwrap(rawField(node, key));
}

/** The first key that is present, for shapes that changed names across versions. */
export function firstField(node: JsonNode | undefined, keys: readonly string[]): JsonNode | undefined {
  for (const key of keys) {
    const value = field(node, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Text of a string (an embedded document counts as its original text). */
export function textOf(node: JsonNode | undefined): string | undefined {
  if (node?.kind === 'string') return node.value;
  if (node?.kind === 'embedded') return node.raw;
  return undefined;
}

/** A string field read leniently: numbers and booleans are shown as text too. Empty counts as absent. */
export function str(node: JsonNode | undefined, key: string): string | undefined {
  const raw = rawField(node, key);
  const value = textOf(raw) ?? scalarText(raw);
  return value === undefined || value === '' ? undefined : value;
}

function scalarText(node: JsonNode | undefined): string | undefined {
  if (node?.kind === 'number') return String(node.value);
  if (node?.kind === 'boolean') return String(node.value);
  return undefined;
}

/** A number read leniently: numeric strings count (older clients quote sizes). */
export function numberOf(node: JsonNode | undefined): number | undefined {
  if (node?.kind === 'number') return typeof node.value === 'number' ? node.value : Number(node.value);
  if (node?.kind === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(node.value)) return Number(node.value);
  return undefined;
}

export function num(node: JsonNode | undefined, key: string): number | undefined {
  return numberOf(field(node, key));
}

export function bool(node: JsonNode | undefined, key: string): boolean | undefined {
  const value = field(node, key);
  return value?.kind === 'boolean' ? value.value : undefined;
}

/** Items of an array field; anything else is an empty list. */
export function list(node: JsonNode | undefined, key?: string): JsonNode[] {
  const value = key === undefined ? unwrap(node) : field(node, key);
  return value?.kind === 'array' ? value.items.map((item) => unwrap(item) ?? item) : [];
}

/** How many items an array field really had, including those the size cap left out. */
export function listLength(node: JsonNode | undefined, key: string): number | undefined {
  const value = field(node, key);
  return value?.kind === 'array' ? value.items.length + (value.truncated ?? 0) : undefined;
}

/** Word for a node's JSON type, for notes such as 'content is a number'. */
export function kindWord(node: JsonNode | undefined): string {
  const n = unwrap(node);
  if (n === undefined) return 'missing';
  if (n.kind === 'elided') return 'not shown';
  return n.kind === 'array' ? 'an array' : n.kind === 'object' ? 'an object' : n.kind === 'null' ? 'null' : `a ${n.kind}`;
}
