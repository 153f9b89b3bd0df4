// How to reach a server beyond its URL: the proxies of the environment (api/proxy.ts) and the CA
// that signs a private server's certificate (--ca-file PATH, a profile's caFile): read
// through data/localFile.ts (a regular file, at most 1 MB, never blocking) and checked to hold a
// PEM certificate, so that a wrong path is a usage error at start, not a TLS failure later.
import { LocalFileError, readLocalFile } from '../data/localFile.js';
import { ProxyConfigError, proxySettingsFromEnv, type ProxySettings } from '../api/proxy.js';
import { UsageError, type ExplorerOptions } from './args.js';

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

/**
 * The client's CA and proxies for `options`. The embedded demo is ours, on loopback: never through
 * a proxy, never with a private CA. A bad proxy variable or CA file is a usage error.
 */
export function connectionExtras(options: ExplorerOptions, demo: boolean, env: NodeJS.ProcessEnv): { ca?: string; proxies?: ProxySettings } {
  if (demo) return {};
  let proxies: ProxySettings;
  try {
    proxies = proxySettingsFromEnv(env);
  } catch (error) {
    if (error instanceof ProxyConfigError) throw new UsageError(error.message);
    throw error;
  }
  return {
    ...(options.caFile !== undefined ? { ca: readCaFile(options.caFile) } : {}),
    ...(proxies.http || proxies.https ? { proxies } : {}),
  };
}
