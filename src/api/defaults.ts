// The client's defaults, in a module with no imports: the flag parser prints them in --help
// without loading the HTTP stack.
export const DEFAULT_CLIENT_CONFIG = {
  adminUserID: 'imAdmin',
  timeoutMs: 10_000,
  maxBodyBytes: 8 * 1024 * 1024,
} as const;
