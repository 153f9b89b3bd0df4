// What leaves the app from every list of the registry carries no raw
// control byte: each list, its rows the hostile corpus (hostileReads.ts), is exported whole with
// `e` (JSON) and `E` (CSV) in the real App into a temp folder, and both files are read back. The
// copies (y, Y, C) are checked by every walk's audit (audit.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { exportFiles } from '../../src/data/exportFile.js';
import { KEYS } from './harness.js';
import { CORPUS_SIZE, startHostileServer, type HostileServer } from './hostileServer.js';
import { LIST_KINDS } from '../../src/lists/names.js';
import { openList } from './openLists.js';
import { mountHostileApp, step } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

/**
 * Raw in a file: C0, DEL, C1, line/paragraph separators, bidi controls; but the line ends of the
 * format: LF between JSON rows, CRLF between CSV records and a newline inside a quoted CSV cell
 * (RFC 4180, docs/scripting.md).
 */
const RAW = {
  json: /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
  csv: /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('exports of every list', () => {
  // Every list of the registry: a new list's export is checked here without a line of its own.
  it.each(LIST_KINDS)('%s: JSON and CSV carry no raw control byte', async (kind) => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-hostile-export-'));
    const m = mountHostileApp(server, { openExport: exportFiles(dir, dir, () => dir) });
    try {
      await openList(m, kind);
      for (const key of ['e', 'E']) {
        await step(m, key);
        expect(m.store.getState().prompt?.kind).toBe('export');
        await step(m, KEYS.enter);
        const deadline = Date.now() + 20_000;
        while ((m.store.getState().exporting || !m.store.getState().flash) && Date.now() < deadline) await sleep(5);
        expect(m.store.getState().exporting).toBeNull();
        expect(m.store.getState().flash?.text).toMatch(/^wrote /);
      }
    } finally {
      m.unmount();
    }
    const extension = (f: string): string => f.slice(f.lastIndexOf('.'));
    const files = readdirSync(dir).sort((a, b) => extension(a).localeCompare(extension(b)));
    expect(files.map(extension)).toEqual(['.csv', '.json']);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const raw = RAW[file.endsWith('.json') ? 'json' : 'csv'].exec(text);
      expect(raw && `${file}: U+${raw[0].codePointAt(0)!.toString(16)} at ${raw.index}: ${JSON.stringify(text.slice(Math.max(0, raw.index - 40), raw.index + 40))}`, file).toBeNull();
      if (file.endsWith('.json')) {
        // Every row of the corpus, parsing back (the doctor's rows are its findings over the corpus: as many as it found; the pulse's rows are its window's days).
        const parsed = JSON.parse(text) as unknown;
        if (kind === 'doctor') expect(Array.isArray(parsed) ? parsed.length : -1).toBeGreaterThan(0);
        else expect(Array.isArray(parsed) ? parsed.length : -1).toBe(kind === 'pulse' ? 14 : CORPUS_SIZE);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    expect(m.audit().violations.slice(0, 20)).toEqual([]);
  });
});
