// Binds a parsed body to a request "struct" the way Go's encoding/json does for the protobuf
// request types: case-insensitive keys, unknown keys ignored, null leaves scalars untouched,
// and the first type mismatch (in document order) becomes the error, worded like Go's.
import type { GoJsonValue } from './json-parse.js';

export type FieldKind = 'string' | 'int32' | 'optionalInt32' | 'pagination' | 'stringList' | 'int32List' | 'seqRanges' | 'int64' | 'bool';

export interface StructSpec {
  /** Go type name with package, e.g. user.GetPaginationUsersReq. */
  goType: string;
  fields: Readonly<Record<string, FieldKind>>;
}

export interface Pagination {
  pageNumber: number;
  showNumber: number;
}

/** sdkws.SeqRange: one conversation's seqs asked of pull_msg_by_seq (int64s). */
export interface SeqRange {
  conversationID: string;
  begin: number;
  end: number;
  num: number;
}

export type BoundValue = string | number | Pagination | string[] | number[] | SeqRange[] | null;

export class JsonTypeError extends Error {}

const PAGINATION: StructSpec = { goType: 'sdkws.RequestPagination', fields: { pageNumber: 'int32', showNumber: 'int32' } };

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

const GO_TYPE_OF_KIND: Record<FieldKind, string> = {
  string: 'string',
  int32: 'int32',
  optionalInt32: 'int32',
  pagination: 'sdkws.RequestPagination',
  stringList: '[]string',
  int32List: '[]int32',
  seqRanges: '[]*sdkws.SeqRange',
  int64: 'int64',
  bool: 'bool',
};

const INT64_LIMIT = 2n ** 63n;

/** Location used in Go's message: innermost struct name and the full field path. */
interface Where {
  structName: string;
  path: string;
}

function shortName(goType: string): string {
  return goType.slice(goType.lastIndexOf('.') + 1);
}

function typeError(value: string, where: Where, goType: string): JsonTypeError {
  return new JsonTypeError(`json: cannot unmarshal ${value} into Go struct field ${where.structName}.${where.path} of type ${goType}`);
}

function nodeKind(node: GoJsonValue): string {
  return node.t === 'bool' ? 'bool' : node.t;
}

/** Binds a whole body. Throws JsonTypeError with Go's text on the first mismatch. */
export function bindStruct(node: GoJsonValue, spec: StructSpec): Map<string, BoundValue> {
  const out = new Map<string, BoundValue>();
  if (node.t === 'null') return out;
  if (node.t !== 'object') throw new JsonTypeError(`json: cannot unmarshal ${nodeKind(node)} into Go value of type ${spec.goType}`);
  let firstError: JsonTypeError | undefined;
  bindFields(node, spec, '', out, (e) => (firstError ??= e));
  if (firstError) throw firstError;
  return out;
}

function bindFields(
  node: Extract<GoJsonValue, { t: 'object' }>,
  spec: StructSpec,
  prefix: string,
  out: Map<string, BoundValue>,
  report: (e: JsonTypeError) => void,
): void {
  const names = Object.keys(spec.fields);
  for (const [key, value] of node.entries) {
    // Go prefers an exact match, then any case-insensitive one; field names here differ by more than case.
    const name = names.find((n) => n === key) ?? names.find((n) => n.toLowerCase() === key.toLowerCase());
    const kind = name ? spec.fields[name] : undefined;
    if (!name || !kind) continue;
    const where = { structName: shortName(spec.goType), path: prefix + name };
    const bound = bindField(value, kind, where, report, out.get(name));
    if (bound !== undefined) out.set(name, bound);
  }
}

/** Returns the new value, or undefined to keep the previous one (Go ignores null for scalars). */
function bindField(
  node: GoJsonValue,
  kind: FieldKind,
  where: Where,
  report: (e: JsonTypeError) => void,
  previous: BoundValue | undefined,
): BoundValue | undefined {
  if (node.t === 'null') return kind === 'string' || kind === 'int32' || kind === 'int64' || kind === 'bool' ? undefined : null;
  switch (kind) {
    case 'string':
      if (node.t === 'string') return node.v;
      report(typeError(nodeKind(node), where, 'string'));
      return undefined;
    case 'int32':
    case 'optionalInt32':
      return bindInt32(node, where, report);
    case 'pagination':
      return bindPagination(node, where, report, previous);
    case 'stringList':
    case 'int32List':
      return bindList(node, kind, where, report);
    case 'seqRanges':
      return bindSeqRanges(node, where, report);
    case 'int64':
      return bindInt64(node, where, report);
    case 'bool':
      // A bound bool is 1 or 0 (BoundValue has no boolean): Go accepts only true and false.
      if (node.t === 'bool') return node.v ? 1 : 0;
      report(typeError(nodeKind(node), where, 'bool'));
      return undefined;
  }
}

function bindSeqRanges(node: GoJsonValue, where: Where, report: (e: JsonTypeError) => void): SeqRange[] | undefined {
  if (node.t !== 'array') {
    report(typeError(nodeKind(node), where, GO_TYPE_OF_KIND.seqRanges));
    return undefined;
  }
  const ranges: SeqRange[] = [];
  for (const item of node.items) {
    const range: SeqRange = { conversationID: '', begin: 0, end: 0, num: 0 };
    if (item.t === 'object') {
      for (const [key, value] of item.entries) {
        const name = (['conversationID', 'begin', 'end', 'num'] as const).find((n) => n.toLowerCase() === key.toLowerCase());
        if (!name || value.t === 'null') continue;
        const at = { structName: 'SeqRange', path: `${where.path}.${name}` };
        if (name === 'conversationID') {
          if (value.t === 'string') range.conversationID = value.v;
          else report(typeError(nodeKind(value), at, 'string'));
        } else {
          const n = bindInt64(value, at, report);
          if (n !== undefined) range[name] = n;
        }
      }
    } else if (item.t !== 'null') report(typeError(nodeKind(item), where, 'sdkws.SeqRange'));
    ranges.push(range);
  }
  return ranges;
}

function bindInt64(node: GoJsonValue, where: Where, report: (e: JsonTypeError) => void): number | undefined {
  if (node.t === 'number' && /^-?\d+$/.test(node.raw) && BigInt(node.raw) < INT64_LIMIT && BigInt(node.raw) >= -INT64_LIMIT) return Number(node.raw);
  report(typeError(node.t === 'number' ? `number ${node.raw}` : nodeKind(node), where, 'int64'));
  return undefined;
}

function bindInt32(node: GoJsonValue, where: Where, report: (e: JsonTypeError) => void): number | undefined {
  if (node.t !== 'number') {
    report(typeError(nodeKind(node), where, 'int32'));
    return undefined;
  }
  // Go's strconv.ParseInt: digits only, so 1.0 and 1e3 fail like 3000000000 does.
  const ok = /^-?\d+$/.test(node.raw) && Number(node.raw) >= INT32_MIN && Number(node.raw) <= INT32_MAX;
  if (ok) return Number(node.raw);
  report(typeError(`number ${node.raw}`, where, 'int32'));
  return undefined;
}

function bindPagination(
  node: GoJsonValue,
  where: Where,
  report: (e: JsonTypeError) => void,
  previous: BoundValue | undefined,
): Pagination | undefined {
  if (node.t !== 'object') {
    report(typeError(nodeKind(node), where, GO_TYPE_OF_KIND.pagination));
    return undefined;
  }
  const inner = new Map<string, BoundValue>();
  bindFields(node, PAGINATION, `${where.path}.`, inner, report);
  // A second "pagination" key decodes into the same struct in Go, so earlier fields survive.
  const base = isPagination(previous) ? previous : { pageNumber: 0, showNumber: 0 };
  const num = (key: string, fallback: number): number => {
    const v = inner.get(key);
    return typeof v === 'number' ? v : fallback;
  };
  return { pageNumber: num('pageNumber', base.pageNumber), showNumber: num('showNumber', base.showNumber) };
}

function bindList(
  node: GoJsonValue,
  kind: 'stringList' | 'int32List',
  where: Where,
  report: (e: JsonTypeError) => void,
): string[] | number[] | undefined {
  if (node.t !== 'array') {
    report(typeError(nodeKind(node), where, GO_TYPE_OF_KIND[kind]));
    return undefined;
  }
  if (kind === 'stringList') {
    return node.items.map((item) => {
      if (item.t === 'string') return item.v;
      if (item.t !== 'null') report(typeError(nodeKind(item), where, 'string'));
      return '';
    });
  }
  return node.items.map((item) => (item.t === 'null' ? 0 : bindInt32(item, where, report) ?? 0));
}

export function isPagination(v: BoundValue | undefined): v is Pagination {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function boundSeqRanges(values: Map<string, BoundValue>, name: string): SeqRange[] {
  const v = values.get(name);
  return Array.isArray(v) ? v.filter((r): r is SeqRange => typeof r === 'object') : [];
}

export function boundString(values: Map<string, BoundValue>, name: string): string {
  const v = values.get(name);
  return typeof v === 'string' ? v : '';
}

export function boundStrings(values: Map<string, BoundValue>, name: string): string[] {
  const v = values.get(name);
  return Array.isArray(v) ? v.map(String) : [];
}

export function boundNumbers(values: Map<string, BoundValue>, name: string): number[] {
  const v = values.get(name);
  return Array.isArray(v) ? v.map(Number) : [];
}
