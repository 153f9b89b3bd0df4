// The exit codes of every command, in one place (README Scripting lists them). Tiny on purpose:
// the entry point reads it before it loads anything else.

/** Done; also when the reader of stdout left (`| head`: EPIPE). */
export const EXIT_OK = 0;
/** The server answered with an error, or the request was cancelled. */
export const EXIT_API = 1;
/** A usage error: a flag, the config file, a base URL with a query, a bad CA file. */
export const EXIT_USAGE = 2;
/** The network: refused, unreachable, timed out, TLS, an invalid HTTP reply, the proxy. */
export const EXIT_NETWORK = 3;
/** Output was lost (ENOSPC, EIO, EBADF, …): sysexits' EX_IOERR, so a cron job never takes a truncated result for a success. */
export const EXIT_OUTPUT = 74;
