// V8's code cache for the program (dist/app.js), kept in the user's cache folder. Compiling the
// program is most of what the explorer's start costs over Ink's own: 840 KB parsed before the first
// line runs, and every function the first frame calls compiled on its first call. Node's compile
// cache (Node 22 and later only) stores a module's code as it was compiled, before it ran, so
// those functions were compiled again on every start (round 8 measured no gain from it). The cache
// here is taken after the program has run what its start needs (config/boot.ts, `settled`): the next
// start finds those functions compiled. Measured: docs/performance.md, issue 38's fifth pass.
//
// The file is read as untrusted, through data/localFile.ts as every local file: a regular file of
// this user's (or root's), not writable by others and not a link, in a folder of this user's that
// others cannot write; written beside and renamed over. It must carry the hash of the very source
// being compiled (V8 itself only compares the length) and the hash of its own bytes (a torn or
// altered file is never handed to V8). V8 then checks its version and flags, and a cache it
// rejects is written again. Any failure means a start without the cache, never an error.
//
// No block of the start's is malloc'd above 128 KB and freed: glibc then raises its mmap threshold
// to that block's size for the rest of the process, and the arenas of V8's compiler threads keep
// up to twice as much each (mallopt(3), M_MMAP_THRESHOLD). Three did, and paging 600 pages grew
// the resident set by 8 MB more (docs/performance.md, issue 38's sixth pass): readFileSync's text
// (its buffer doubled to 1 MB), the UTF-8 of the source for its hash (2.2 MB), and V8's copy of
// cache data that does not start on an 8-byte boundary (AlignedCachedData). So the source is read
// and hashed in 64 KB blocks, the header is 80 bytes, and the file's bytes are kept.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { Script } from 'node:vm';
import { folderTrustProblem, readLocalFile, replaceFileSync } from '../data/localFile.js';
import type { SettledKind } from '../config/boot.js';

const MAGIC = Buffer.from('OIE-V8C2', 'latin1');
/** The kinds a cache may have been taken after, as the byte that says which. */
const KINDS: readonly SettledKind[] = ['script', 'explorer'];
/** Zeros after the kind's byte, so that V8's data starts on an 8-byte boundary (above). */
const PAD_BYTES = 7;
const HASH_BYTES = 32;
const SOURCE_HASH_AT = MAGIC.length + 1 + PAD_BYTES;
const HEADER_BYTES = SOURCE_HASH_AT + 2 * HASH_BYTES;
/** Under malloc's mmap threshold (128 KB): read and hashed a block at a time (above). */
const BLOCK_BYTES = 64 * 1024;
/** Far above any cache of this program (about 1.2 MB): a larger file is not read at all. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

/** One runtime's cache file: a Node release's V8 rejects another's cache anyway. */
export function codeCacheFile(dir: string, version: string = process.version, arch: string = process.arch): string {
  return join(dir, `app-${version}-${arch}.v8cache`);
}

/** The file's bytes: the marker, the kind, seven zeros, the source's hash, the data's hash, V8's data. */
export function encodeCodeCache(kind: SettledKind, sourceHash: Buffer, data: Buffer): Buffer {
  return Buffer.concat([MAGIC, Buffer.of(KINDS.indexOf(kind)), Buffer.alloc(PAD_BYTES), sourceHash, sha256(data), data]);
}

/** What a cache file says of itself (its marker, kind and source's hash), its bytes unchecked; undefined for another file. */
export function codeCacheHeader(file: Buffer): { kind: SettledKind; sourceHash: Buffer } | undefined {
  if (file.length <= HEADER_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (file.subarray(MAGIC.length + 1, SOURCE_HASH_AT).some((byte) => byte !== 0)) return undefined;
  const kind = KINDS[file[MAGIC.length] ?? -1];
  return kind === undefined ? undefined : { kind, sourceHash: file.subarray(SOURCE_HASH_AT, SOURCE_HASH_AT + HASH_BYTES) };
}

/** V8's data and the kind of run it was taken after, or undefined for anything but a whole file for `sourceHash`. */
export function decodeCodeCache(file: Buffer, sourceHash: Buffer): { kind: SettledKind; data: Buffer } | undefined {
  const header = codeCacheHeader(file);
  const dataHash = file.subarray(SOURCE_HASH_AT + HASH_BYTES, HEADER_BYTES);
  const data = file.subarray(HEADER_BYTES);
  if (header === undefined || !header.sourceHash.equals(sourceHash) || !sha256(data).equals(dataHash)) return undefined;
  return { kind: header.kind, data };
}

/** The folder when it is a folder of this user's (or root's) that no one else can write to. */
function trustedFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory() && folderTrustProblem(dir, 'the cache folder') === undefined;
  } catch {
    return false;
  }
}

/** The file's bytes when it is one a user's own start wrote (data/localFile.ts's rules); never a link. */
function readTrusted(path: string): Buffer | undefined {
  try {
    return readLocalFile(path, { maxBytes: MAX_FILE_BYTES, what: 'the code cache', trusted: true, noFollow: true }).bytes;
  } catch {
    return undefined;
  }
}

/** A UTF-8 file's text and the SHA-256 of its bytes, read a block at a time (above). */
export function readSource(file: string): { text: string; hash: Buffer } {
  const fd = openSync(file, 'r');
  try {
    const block = Buffer.allocUnsafeSlow(BLOCK_BYTES);
    const hash = createHash('sha256');
    const decoder = new StringDecoder('utf8');
    const parts: string[] = [];
    for (let n = readSync(fd, block, 0, BLOCK_BYTES, null); n > 0; n = readSync(fd, block, 0, BLOCK_BYTES, null)) {
      hash.update(block.subarray(0, n));
      parts.push(decoder.write(block.subarray(0, n)));
    }
    parts.push(decoder.end());
    return { text: parts.join(''), hash: hash.digest() };
  } finally {
    closeSync(fd);
  }
}

export interface LoadedProgram {
  /** What the script evaluates to. */
  value: unknown;
  /** Whether V8 took the cache: then the source was not parsed again. */
  cached: boolean;
  /** Takes V8's cache now and writes it, when this start had none or one taken after less (once). */
  save(kind: SettledKind): void;
}

/**
 * Compiles and runs the script at `file`, with the cache in `dir` when there is one it can trust
 * (`dir` undefined: no cache). Throws only what reading the script or running it throws.
 */
export function loadProgram(file: string, dir: string | undefined): LoadedProgram {
  const { text: source, hash: sourceHash } = readSource(file);
  const path = dir !== undefined && trustedFolder(dir) ? codeCacheFile(dir) : undefined;
  const bytes = path !== undefined ? readTrusted(path) : undefined;
  // Kept while `save` is (the process's life): freeing them would raise the threshold (above).
  const found = bytes !== undefined ? decodeCodeCache(bytes, sourceHash) : undefined;
  const script = new Script(source, { filename: file, ...(found ? { cachedData: found.data } : {}) });
  const cached = found !== undefined && script.cachedDataRejected === false;
  let saved = false;
  return {
    value: script.runInThisContext(),
    cached,
    save: (kind) => {
      // An explorer's start is worth more than a script's: its cache replaces a script's, never the reverse.
      if (saved || path === undefined || (cached && (found?.kind === 'explorer' || kind === 'script'))) return;
      saved = true;
      try {
        replaceFileSync(path, encodeCodeCache(kind, sourceHash, script.createCachedData()), 'the code cache');
      } catch {
        // A start without the cache next time, as this one.
      }
    },
  };
}
