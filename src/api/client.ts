// The connection to one OpenIM server: base URL, the admin token (given, or obtained from the secret),
// and the one transparent re-login when the server says the token is no longer good.
import type * as z from 'zod/mini';
import { Http, type RequestEvent } from './http.js';
import { ApiError } from './errors.js';
import { LOGIN_OPERATION } from './authProblem.js';
import { adminTokenDataSchema } from './schemas.js';
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
}

export { DEFAULT_CLIENT_CONFIG } from './defaults.js';

export class OpenIMClient {
  private readonly http: Http;
  private token: string | undefined;
  private login: Promise<string> | undefined;
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
          return data.token;
        })
        .finally(() => {
          this.login = undefined;
        });
    }
    return this.login;
  }
}
