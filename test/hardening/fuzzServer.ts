// What the two fuzz test files share: the seed, the token, what a raw error looks like, the
// server of fuzzed replies, and the watch for unhandled rejections.
import { afterAll, beforeAll } from 'vitest';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { fuzzReply } from './fuzz.js';
import { prng } from '../support/prng.js';

export const SEED = 0x0e1d_2026;
export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.ZnV6ei10b2tlbi1zaWduYXR1cmU';
export const RAW_ERRORS = /TypeError|ZodError|SyntaxError|RangeError|ReferenceError|undefined is not|Cannot read prop|\[object Object\]/;

/**
 * A server whose every reply is the next one of the fuzz sequence for the path asked. With
 * `perPath`, each path has a sequence of its own (seed + its index), so that requests to
 * different paths may run at the same time and every path still gets the same replies in the
 * same order on every run.
 */
export async function fuzzServer(seed: number, count: { replies: number }, perPath: readonly string[] = []): Promise<FaultServer> {
  const random = prng(seed);
  const randoms = new Map(perPath.map((path, i) => [path, prng(seed + 1 + i)]));
  return startFaultServer((path): Fault => {
    count.replies++;
    return fuzzReply(randoms.get(path) ?? random, path);
  });
}

/** Every unhandled rejection while the file's tests run (call at the top level of a test file). */
export function watchRejections(): unknown[] {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => {
    rejections.push(reason);
  };
  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
  });
  return rejections;
}
