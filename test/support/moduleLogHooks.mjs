// The loader hooks of moduleLog.mjs (they run on the loader's own thread): one line per module.
import { appendFileSync } from 'node:fs';

let logPath = '';

export function initialize(path) {
  logPath = path;
}

export async function load(url, context, nextLoad) {
  appendFileSync(logPath, `${url}\n`);
  return nextLoad(url, context);
}
