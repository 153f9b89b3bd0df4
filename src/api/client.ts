// The connection to one OpenIM server: base URL, the admin token (given, or obtained from the secret),
// and the one transparent re-login when the server says the token is no longer good.
import type * as z from 'zod/mini';
import { Http, type RequestEvent } from './http.js';
import { ApiError } from './errors.js';
import { LOGIN_OPERATION } from './authProblem.js';
import { adminTokenDataSchema, parseTokenDataSchema } from './schemas.js';
import type { ProxySettings } from './proxy.js';
import type { RetryPolicy } from './retryPolicy.js';
import { WireWatch } from './wireMarks.js';

export interface ClientConfig {
  baseUrl: string;
  token?: string;
  secret?: string;
  /** Admin user for /auth/get_admin_token. */
  adminUserID: string;
  timeoutMs: number;
  maxBodyBytes: number;
  onRequest?: (event: RequestEvent) => void;
  /** @internal Tests only: RETRY_POLICY (retryPolicy.ts) otherwise. */
  retryPolicy?: RetryPolicy;
  /** PEM of the only CA trusted for https (--ca-file, a profile's caFile). */
  ca?: string;
  /** HTTP(S)_PROXY and NO_PROXY, read once from the environment (proxy.ts). */
  proxies?: ProxySettings;
  /** @internal Tests only: the clock a list's "today" is read from (the pulse, a top list's default day), so a test fixes it and the demo's to one instant; Date.now otherwise. */
  now?: () => number;
}

export { DEFAULT_CLIENT_CONFIG } from './defaults.js';

/** When the token in use stops working (ms since 1970), and whether this client gets another one itself. */
export interface TokenExpiry {
  expiresAt: number;
  /** Logged in with the secret: a new token is obtained when this one expires. */
  renews: boolean;
}

export class OpenIMClient {
  private readonly http: Http;
  private token: string | undefined;
  private login: Promise<string> | undefined;
  /** When the token the last login obtained expires: get_admin_token's duration counted from its answer. */
  private loginExpiresAt: number | undefined;
  /** Aborted by close(): ends every request in flight, the shared login included. */
  private readonly closed = new AbortController();
  /** The proxy and `! plain http` marks, from the address each reply came from (the header's). */
  readonly wire: WireWatch;

  constructor(private readonly config: ClientConfig) {
    this.token = config.token;
    const wire = (this.wire = new WireWatch(config.baseUrl, config.proxies));
    this.http = new Http({
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
      maxBodyBytes: config.maxBodyBytes,
      secrets: () => [this.token, this.config.token, this.config.secret],
      onRequest: (event) => {
        if (event.peer !== undefined) wire.saw(event.peer);
        config.onRequest?.(event);
      },
      ...(config.retryPolicy ? { retryPolicy: config.retryPolicy } : {}),
      closed: this.closed.signal,
      ...(config.ca !== undefined ? { ca: config.ca } : {}),
      ...(config.proxies ? { proxies: config.proxies } : {}),
    });
  }

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  /** Who we act as, for the header: the admin user when we log in with the secret. */
  get identity(): string {
    return this.config.secret !== undefined ? this.config.adminUserID : 'token';
  }

  /**
   * Ends every request in flight (they reject with AbortedError) and refuses new ones: on quit,
   * nothing of this connection may keep the process alive (a login no one can cancel otherwise).
   */
  close(): void {
    this.closed.abort();
  }

  /** Now, in ms, as the lists count their UTC days from it (ClientConfig.now). */
  now(): number {
    return (this.config.now ?? Date.now)();
  }

  /** The admin user of this server as configured (OpenIM's default imAdmin unless told otherwise). */
  get adminUserID(): string {
    return this.config.adminUserID;
  }

  get canRelogin(): boolean {
    return this.config.secret !== undefined;
  }

  /** Calls an operation that needs the token. */
  async call<S extends z.ZodMiniType>(
    operation: string,
    path: string,
    body: unknown,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const token = await this.currentToken();
    try {
      return await this.http.post(operation, path, body, schema, { signal, token });
    } catch (error) {
      // Only once, and only if we can mint a new token ourselves; otherwise the UI says how to give one.
      if (error instanceof ApiError && error.isTokenExpired && this.canRelogin) {
        const fresh = await this.relogin(token);
        return this.http.post(operation, path, body, schema, { signal, token: fresh });
      }
      throw error;
    }
  }

  /**
   * When the token expires. A token given (--token, a profile's) is asked about with
   * /auth/parse_token (no token header; its answer's time is absolute), which rejects a bad token
   * with the server's 1501-1507 as any request would; the secret's is known from the login
   * (get_admin_token's duration), with no request of its own. Undefined before any login.
   */
  async tokenExpiry(signal?: AbortSignal): Promise<TokenExpiry | undefined> {
    const renews = this.canRelogin;
    if (this.config.token !== undefined && this.token === this.config.token) {
      const data = await this.http.post('parseToken', '/auth/parse_token', { token: this.config.token }, parseTokenDataSchema, { signal });
      return data.expireTimeSeconds > 0 ? { expiresAt: data.expireTimeSeconds * 1000, renews } : undefined;
    }
    if (!renews) return undefined;
    await this.currentToken();
    return this.loginExpiresAt === undefined ? undefined : { expiresAt: this.loginExpiresAt, renews };
  }

  /** POST /auth/get_admin_token: needs operationID but no token. */
  async getAdminToken(secret: string, userID: string, signal?: AbortSignal): Promise<z.output<typeof adminTokenDataSchema>> {
    return this.http.post(LOGIN_OPERATION, '/auth/get_admin_token', { secret, userID }, adminTokenDataSchema, { signal });
  }

  private async currentToken(): Promise<string> {
    if (this.token !== undefined) return this.token;
    if (this.config.secret === undefined) return '';
    return this.relogin(undefined);
  }

  /** Concurrent callers that hit an expired token share one login. */
  private relogin(stale: string | undefined): Promise<string> {
    if (this.token !== undefined && this.token !== stale) return Promise.resolve(this.token);
    if (!this.login) {
      const secret = this.config.secret ?? '';
      // Shared by every waiting caller, so no one caller's cancellation may abort it.
      this.login = this.getAdminToken(secret, this.config.adminUserID)
        .then((data) => {
          this.token = data.token;
          this.loginExpiresAt = data.expireTimeSeconds > 0 ? Date.now() + data.expireTimeSeconds * 1000 : undefined;
          return data.token;
        })
        .finally(() => {
          this.login = undefined;
        });
    }
    return this.login;
  }
}
