// Loaded with `node --expose-gc --import` before the built CLI in tests: collects garbage every
// 50 ms, so that anything of a request that is only weakly held (AbortSignal.any, undici's
// WeakRef to a Request's controller) is gone long before the deadline. Never keeps the process up.
if (typeof globalThis.gc !== 'function') throw new Error('gcPreload.mjs needs node --expose-gc');
setInterval(() => globalThis.gc(), 50).unref();
