// A JSON parser that builds JsonNode trees directly, with an explicit stack instead of
// recursion: content is untrusted, and a walk over JSON.parse's output would recurse once
// per nesting level (100,000 levels overflow the stack). Building the tree here also lets us
// keep big integers exact (Node 20's JSON.parse has no access to the source text) and stop
// building at the caps while still checking the rest of the document is well formed.
import type { JsonNode } from './types.js';

export interface Limits {
  /** Containers deeper than this become `elided` nodes. */
  maxDepth: number;
  /** Entries kept per object or array. */
  maxEntries: number;
  /** Nodes built per decode, across embedded documents. */
  maxNodes: number;
}

export const DEFAULT_LIMITS: Limits = { maxDepth: 32, maxEntries: 500, maxNodes: 20_000 };

/** What the caps left out, so the caller can say so in notes. */
export interface ParseStats {
  depthElided: number;
  entriesLeftOut: number;
  containersCut: number;
  nodeBudgetHit: boolean;
}

/** Shared by a document and the documents embedded in its strings. */
export interface ParseContext {
  limits: Limits;
  stats: ParseStats;
  nodes: number;
}

export function newParseContext(limits: Limits = DEFAULT_LIMITS): ParseContext {
  return { limits, nodes: 0, stats: { depthElided: 0, entriesLeftOut: 0, containersCut: 0, nodeBudgetHit: false } };
}

export type ParseResult = { ok: true; node: JsonNode } | { ok: false; error: string };

type ObjectNode = Extract<JsonNode, { kind: 'object' }>;
type ArrayNode = Extract<JsonNode, { kind: 'array' }>;

interface Frame {
  /** The container being built, or null while skipping a region that is not kept. */
  node: ObjectNode | ArrayNode | null;
  isObject: boolean;
  /** What the parent receives when this frame closes (the node, an elided marker, or nothing). */
  result: JsonNode | null;
  /** Key waiting for its value (objects only). */
  key: string;
  /** Entries seen, kept or not. */
  count: number;
}

class JsonSyntaxError extends Error {}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** True when a string is worth trying as an embedded document. */
function looksLikeContainer(s: string): boolean {
  const t = s.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

/**
 * The engine's parser rejects text that merely starts like JSON about ten times faster than
 * ours, which matters when a hostile string nests such text inside itself level after level.
 */
function isValidJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

function numberNode(rawText: string): JsonNode {
  const value = Number(rawText);
  const integral = !/[.eE]/.test(rawText);
  // A double cannot hold it exactly: keep the digits the server sent.
  if (!Number.isFinite(value) || (integral && !Number.isSafeInteger(value))) return { kind: 'number', value: rawText };
  return { kind: 'number', value };
}

class Parser {
  private pos = 0;
  private readonly stack: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly ctx: ParseContext,
    /** Nesting depth of the string this document was embedded in. */
    private readonly baseDepth: number,
  ) {}

  run(): JsonNode {
    let root: JsonNode | null = null;
    let done = false;
    this.skipWs();
    while (!done) {
      const value = this.value();
      // `value` returns undefined when it opened a container: its contents come next.
      let completed: JsonNode | null | undefined = value;
      while (completed !== undefined) {
        const top = this.stack[this.stack.length - 1];
        if (top === undefined) {
          root = completed;
          done = true;
          break;
        }
        this.attach(top, completed);
        completed = this.afterEntry(top);
      }
    }
    this.skipWs();
    if (this.pos < this.text.length) this.fail('unexpected data after the JSON value');
    return root ?? { kind: 'null' };
  }

  /** Parses one value; a container is pushed and undefined returned (unless it is empty). */
  private value(): JsonNode | null | undefined {
    const c = this.text[this.pos];
    if (c === '{' || c === '[') return this.open(c === '{');
    const keep = !this.discarding();
    if (c === '"') {
      const s = this.string();
      return keep ? this.stringNode(s) : null;
    }
    let node: JsonNode;
    if (this.text.startsWith('true', this.pos)) {
      this.pos += 4;
      node = { kind: 'boolean', value: true };
    } else if (this.text.startsWith('false', this.pos)) {
      this.pos += 5;
      node = { kind: 'boolean', value: false };
    } else if (this.text.startsWith('null', this.pos)) {
      this.pos += 4;
      node = { kind: 'null' };
    } else {
      NUMBER.lastIndex = this.pos;
      const m = NUMBER.exec(this.text);
      if (m === null) this.fail(c === undefined ? 'unexpected end of input' : 'unexpected character');
      this.pos += m[0].length;
      node = numberNode(m[0]);
    }
    if (!keep) return null;
    this.ctx.nodes += 1;
    return node;
  }

  private open(isObject: boolean): JsonNode | null | undefined {
    this.pos += 1;
    const depth = this.baseDepth + this.stack.length + 1;
    const { limits, stats } = this.ctx;
    let frame: Frame;
    if (this.discarding()) {
      frame = { node: null, isObject, result: null, key: '', count: 0 };
    } else if (depth > limits.maxDepth) {
      stats.depthElided += 1;
      this.ctx.nodes += 1;
      const result: JsonNode = { kind: 'elided', reason: `nesting deeper than ${limits.maxDepth} levels` };
      frame = { node: null, isObject, result, key: '', count: 0 };
    } else {
      this.ctx.nodes += 1;
      const node: ObjectNode | ArrayNode = isObject ? { kind: 'object', entries: [] } : { kind: 'array', items: [] };
      frame = { node, isObject, result: node, key: '', count: 0 };
    }
    this.stack.push(frame);
    this.skipWs();
    if (this.text[this.pos] === (isObject ? '}' : ']')) {
      this.pos += 1;
      return this.close();
    }
    if (isObject) this.key(frame);
    return undefined;
  }

  /** After an entry: a comma means another value follows, a bracket closes the container. */
  private afterEntry(top: Frame): JsonNode | null | undefined {
    this.skipWs();
    const c = this.text[this.pos];
    if (c === ',') {
      this.pos += 1;
      this.skipWs();
      if (top.isObject) this.key(top);
      return undefined;
    }
    if (c === (top.isObject ? '}' : ']')) {
      this.pos += 1;
      return this.close();
    }
    this.fail(c === undefined ? 'unexpected end of input' : `expected ',' or '${top.isObject ? '}' : ']'}'`);
  }

  private close(): JsonNode | null {
    const frame = this.stack.pop() as Frame;
    if (frame.node?.truncated !== undefined) this.ctx.stats.containersCut += 1;
    return frame.result;
  }

  private key(frame: Frame): void {
    if (this.text[this.pos] !== '"') this.fail('expected a key');
    frame.key = this.string();
    this.skipWs();
    if (this.text[this.pos] !== ':') this.fail("expected ':'");
    this.pos += 1;
    this.skipWs();
  }

  private attach(frame: Frame, value: JsonNode | null): void {
    frame.count += 1;
    if (frame.node === null) return;
    if (value === null) {
      frame.node.truncated = (frame.node.truncated ?? 0) + 1;
      this.ctx.stats.entriesLeftOut += 1;
      return;
    }
    if (frame.node.kind === 'object') frame.node.entries.push({ key: frame.key, value });
    else frame.node.items.push(value);
  }

  /** Whether the next value of the innermost container is not kept. */
  private discarding(): boolean {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) return false;
    if (top.node === null) return true;
    if (top.count >= this.ctx.limits.maxEntries) return true;
    if (this.ctx.nodes >= this.ctx.limits.maxNodes) {
      this.ctx.stats.nodeBudgetHit = true;
      return true;
    }
    return false;
  }

  private string(): string {
    const start = this.pos;
    let i = start + 1;
    let escaped = false;
    for (; i < this.text.length; i += 1) {
      const code = this.text.charCodeAt(i);
      if (code === 0x5c) {
        escaped = true;
        i += 1; // the escaped character cannot end the string
      } else if (code === 0x22) break;
    }
    if (i >= this.text.length) this.fail('unterminated string');
    this.pos = i + 1;
    if (!escaped) {
      const s = this.text.slice(start + 1, i);
      if (/[\u0000-\u001f]/.test(s)) this.fail('control character in string', start);
      return s;
    }
    // The slice is one complete string token; let the engine decode escapes and validate them.
    const rawToken = this.text.slice(start, i + 1);
    try {
      return JSON.parse(rawToken) as string;
    } catch {
      this.fail('invalid string', start);
    }
  }

  private stringNode(s: string): JsonNode {
    this.ctx.nodes += 1;
    if (!looksLikeContainer(s) || !isValidJson(s)) return { kind: 'string', value: s };
    const depth = this.baseDepth + this.stack.length;
    const inner = parseJsonText(s, this.ctx, depth);
    return inner.ok ? { kind: 'embedded', raw: s, value: inner.node } : { kind: 'string', value: s };
  }

  private skipWs(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.pos += 1;
    }
  }

  private fail(message: string, at = this.pos): never {
    throw new JsonSyntaxError(`${message} at position ${at}`);
  }
}

/**
 * Parses `text` into a JsonNode. Strings that hold a JSON object or array become `embedded`.
 * Never throws; on a syntax error nothing in `ctx` changes.
 */
export function parseJsonText(text: string, ctx: ParseContext, baseDepth = 0): ParseResult {
  const saved = { nodes: ctx.nodes, stats: { ...ctx.stats } };
  try {
    return { ok: true, node: new Parser(text, ctx, baseDepth).run() };
  } catch (err) {
    ctx.nodes = saved.nodes;
    ctx.stats = saved.stats;
    if (err instanceof JsonSyntaxError) return { ok: false, error: err.message };
    // Anything else (e.g. out of memory) is not a property of the content; still never throw.
    return { ok: false, error: err instanceof Error ? err.message : 'parse failed' };
  }
}
