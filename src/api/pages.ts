// A page operation as data, and the one way to send one. Each list names its operation (the
// path, the reply's schema, where its rows and total are, whether the total is exact) in its
// own file (src/lists/); this layer knows operations, not lists.
import type { z } from 'zod/mini';
import type { OpenIMClient } from './client.js';
import type { Page } from './schemas.js';

/** A row of any list, as parsed from the server's reply (src/lists/ knows each one's type). */
export type AnyRow = object;

/** The named keys of `Data` (a loose object's index signature left out). */
type NamedKeys<Data> = keyof { [K in keyof Data as string extends K ? never : K]: Data[K] };
/** The named keys of `Data` whose values are `Value`. */
type FieldOf<Data, Value> = { [K in NamedKeys<Data>]-?: Data[K & keyof Data] extends Value ? K : never }[NamedKeys<Data>] & string;
/** The rows of a reply whose rows are in field `R`. */
type RowsIn<Data, R extends keyof Data> = Data[R] extends readonly (infer Row)[] ? Row : never;

/** What a list says of its operation; pageOperation() turns it into one. */
export interface OperationSpec<S extends z.ZodMiniType, R extends FieldOf<z.output<S>, readonly object[]>> {
  /** The operation's name, for the request log and its operationID. */
  name: string;
  /** Where it is POSTed (the curl of a page, api/curl.ts, names the same). */
  path: string;
  /** The reply's data. */
  schema: S;
  /** The field of the data that holds the page's rows. */
  rows: R;
  /** The field that holds the total. */
  total: FieldOf<z.output<S>, number>;
  /** False when the total cannot be trusted for paging: the last page is known by a short page. */
  totalExact: boolean;
  /** Figures the reply carries beside the total (shown in a header). */
  extra?: readonly FieldOf<z.output<S>, number>[];
  /** A failure that is an answer (an error code that means "nothing here"): the page it means. */
  answers?: (error: unknown) => Page<never> | undefined;
}

/**
 * What a page that takes many requests (a search of a group's members on the client) is handed:
 * where to say how far it got, and the operator's stop, after which it answers with what it found.
 */
export interface PageProgress {
  report(words: string): void;
  stop: AbortSignal;
}

/** One page operation: sent by sendOperation with the body its list builds. */
export interface PageOperation<Row = AnyRow> {
  readonly name: string;
  readonly path: string;
  readonly totalExact: boolean;
  /** The reply's fields its rows and total are read from (a paged read's): what a test server answers a list's page with. */
  readonly reply?: { readonly rows: string; readonly total: string };
  /**
   * The body it is handed is its plan, not the wire body: it reads something first (history: the
   * max seq) and builds the request from it, and each page says what it sent (`Page.sent`, what `C` copies).
   */
  readonly plans?: true;
  /** The reply's data as a page; `progress` only for an operation that walks (the explorer's, not scripting's). */
  send(client: OpenIMClient, body: object, signal?: AbortSignal, progress?: PageProgress): Promise<Page<Row>>;
}

export function pageOperation<S extends z.ZodMiniType, R extends FieldOf<z.output<S>, readonly object[]>>(
  spec: OperationSpec<S, R>,
): PageOperation<RowsIn<z.output<S>, R>> {
  type Row = RowsIn<z.output<S>, R>;
  return {
    name: spec.name,
    path: spec.path,
    totalExact: spec.totalExact,
    reply: { rows: spec.rows, total: spec.total },
    async send(client, body, signal) {
      try {
        const data: z.output<S> = await client.call(spec.name, spec.path, body, spec.schema, signal);
        const extra = spec.extra ? Object.fromEntries(spec.extra.map((f) => [f, data[f] as number])) : undefined;
        return {
          rows: [...(data[spec.rows] as readonly Row[])],
          total: data[spec.total] as number,
          totalExact: spec.totalExact,
          ...(extra ? { extra } : {}),
        };
      } catch (error) {
        const answer = spec.answers?.(error);
        if (answer) return answer;
        throw error;
      }
    },
  };
}

/** The operation and the JSON body that fetch one page, as the app sends them (and `C` copies as curl). */
export interface PageCall {
  operation: PageOperation;
  body: object;
}

/** Sends a page's call. */
export function sendPageCall(client: OpenIMClient, call: PageCall, signal?: AbortSignal, progress?: PageProgress): Promise<Page<AnyRow>> {
  return call.operation.send(client, call.body, signal, progress);
}

export type PageFetcher<T> = (page: number, size: number, signal?: AbortSignal) => Promise<Page<T>>;

/**
 * A read the server does not page (it answers every row at once): what its list says of it. The
 * list cuts its pages from the whole answer, and every page says what it sent (`Page.sent`), which
 * is the wire body alone.
 */
export interface UnpagedSpec<S extends z.ZodMiniType, Row> {
  name: string;
  path: string;
  schema: S;
  /** The reply's rows, in the order the list shows them. */
  rows: (data: z.output<S>) => Row[];
  /** Figures of the whole answer, beside the page's rows (shown in a header; a summary reads them). */
  extra?: (rows: readonly Row[]) => Record<string, number>;
}

/** What an unpaged read's operation is handed: the wire body, and which page of the answer to show. */
export interface UnpagedPlan {
  wire: object;
  page: number;
  size: number;
}

export const unpagedPlan = (wire: object, request: { page: number; size: number }): UnpagedPlan => ({ wire, page: request.page, size: request.size });

export function unpagedOperation<S extends z.ZodMiniType, Row>(spec: UnpagedSpec<S, Row>): PageOperation<Row> {
  return {
    name: spec.name,
    path: spec.path,
    totalExact: true,
    plans: true,
    async send(client, body, signal) {
      const plan = body as UnpagedPlan;
      const data: z.output<S> = await client.call(spec.name, spec.path, plan.wire, spec.schema, signal);
      const rows = spec.rows(data);
      const start = (plan.page - 1) * plan.size;
      return {
        rows: rows.slice(start, start + plan.size),
        total: rows.length,
        totalExact: true,
        ...(spec.extra ? { extra: spec.extra(rows) } : {}),
        sent: { path: spec.path, body: plan.wire },
      };
    },
  };
}
