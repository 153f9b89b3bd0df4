// How to reach a server beyond its URL: the proxies of the environment (api/proxy.ts) and the CA
// that signs a private server's certificate (--ca-file PATH, a profile's caFile): read
// through data/localFile.ts (a regular file, at most 1 MB, never blocking) and checked to hold a
// PEM certificate, so that a wrong path is a usage error at start, not a TLS failure later.
import { X509Certificate } from 'node:crypto';
import { LocalFileError, readLocalFile } from '../data/localFile.js';
import { ProxyConfigError, proxySettingsFromEnv, type ProxySettings } from '../api/proxy.js';
import { UsageError, type ExplorerOptions } from './args.js';

export const MAX_CA_BYTES = 1024 * 1024;

/** The PEM text of the CA file; a UsageError in words for anything else. */
export function readCaFile(path: string): string {
  let text: string;
  try {
    // The CA decides whom the token is sent to: nobody else may be able to swap it.
    text = readLocalFile(path, { maxBytes: MAX_CA_BYTES, what: 'the CA file', trusted: true }).bytes.toString('utf8');
  } catch (error) {
    throw new UsageError(`--ca-file ${error instanceof LocalFileError ? error.message : String(error)}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--ca-file ${path}: not a PEM certificate (no -----BEGIN CERTIFICATE----- line)`);
  }
  const damaged = pemProblem(text);
  if (damaged) throw new UsageError(`--ca-file ${path}: ${damaged}; copy the CA's certificate again`);
  return text;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?(?:-----END CERTIFICATE-----|$)/g;

/**
 * What is wrong with the certificates of a PEM text, in words. TLS skips a block it cannot decode
 * without a word (a bundle with one corrupt certificate failed later as "unknown CA"): each is
 * parsed here, at start.
 */
function pemProblem(text: string): string | undefined {
  const blocks = text.match(PEM_BLOCK) ?? [];
  for (const [i, block] of blocks.entries()) {
    const which = blocks.length > 1 ? `certificate ${i + 1} of ${blocks.length}` : 'the certificate';
    if (!block.endsWith('-----END CERTIFICATE-----')) return `${which} has no -----END CERTIFICATE----- line`;
    try {
      new X509Certificate(block);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return code === 'ERR_OSSL_PEM_BAD_BASE64_DECODE' ? `${which} is damaged: its base64 is corrupt` : `${which} is not a readable X.509 certificate`;
    }
  }
  return undefined;
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
