// Loopback HTTP helpers for the demo server tests.
import type { DemoServer } from '../src/server.js';

export interface WireEnvelope<T> {
  errCode: number;
  errMsg: string;
  errDlt: string;
  data?: T;
}

export interface CallResult<T> {
  status: number;
  contentType: string | null;
  text: string;
  body: WireEnvelope<T>;
}

export interface CallOptions {
  /** Default: a fresh admin token. null sends no token header. */
  token?: string | null;
  /** Default '1700000000000'. null sends no operationID header. */
  operationID?: string | null;
  method?: string;
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string;
  /** Extra headers, e.g. Accept-Encoding: identity (fetch asks for gzip by default). */
  headers?: Record<string, string>;
}

export async function call<T>(server: DemoServer, path: string, body: unknown, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...opts.headers };
  const operationID = opts.operationID === undefined ? '1700000000000' : opts.operationID;
  if (operationID !== null) headers.operationID = operationID;
  const token = opts.token === undefined ? server.adminToken() : opts.token;
  if (token !== null) headers.token = token;
  const method = opts.method ?? 'POST';
  const res = await fetch(server.url + path, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : opts.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  // A gzipped 404 is an empty body typed as JSON, as the real gateway sends it.
  const isJson = res.headers.get('content-type') === 'application/json' && text !== '';
  return { status: res.status, contentType: res.headers.get('content-type'), text, body: (isJson ? JSON.parse(text) : {}) as WireEnvelope<T> };
}

/** Calls and insists on success, returning data. */
export async function data<T>(server: DemoServer, path: string, body: unknown, opts: CallOptions = {}): Promise<T> {
  const res = await call<T>(server, path, body, opts);
  if (res.body.errCode !== 0 || res.body.data === undefined) throw new Error(`${path} failed: ${res.text}`);
  return res.body.data;
}

export const page = (pageNumber: number, showNumber: number) => ({ pageNumber, showNumber });
