// Module hook (see ink-hooks.mjs): patches Ink's sources on load.
import { fileURLToPath } from 'node:url';
import { INK_PATCHES, patchInk } from '../scripts/ink-patches.mjs';

const targets = INK_PATCHES.map((p) => '/node_modules/' + p.file);

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || !targets.some((t) => url.endsWith(t))) return result;
  const source = typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
  return { ...result, source: patchInk(fileURLToPath(url), source) };
}
