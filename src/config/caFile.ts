// The CA that signs a private server's certificate (--ca-file PATH, a profile's caFile): read
// through data/localFile.ts (a regular file, at most 1 MB, never blocking) and checked to hold a
// PEM certificate, so that a wrong path is a usage error at start, not a TLS failure later.
import { LocalFileError, readLocalFile } from '../data/localFile.js';
import { UsageError } from './args.js';

export const MAX_CA_BYTES = 1024 * 1024;

/** The PEM text of the CA file; a UsageError in words for anything else. */
export function readCaFile(path: string): string {
  let text: string;
  try {
    text = readLocalFile(path, { maxBytes: MAX_CA_BYTES, what: 'the CA file' }).bytes.toString('utf8');
  } catch (error) {
    throw new UsageError(`--ca-file ${error instanceof LocalFileError ? error.message : String(error)}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--ca-file ${path}: not a PEM certificate (no -----BEGIN CERTIFICATE----- line)`);
  }
  return text;
}
