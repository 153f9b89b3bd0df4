// The trace's evidence folder (data/trace/evidence.ts) from a trace of the demo over loopback:
// every file listed in SHA256SUMS with its right digest, the folder 0700 and its files 0600, one
// curl line per request sent with the token as $OPENIM_TOKEN, no token anywhere (neither the
// admin's nor the session tokens the demo's token detail serves), and a folder name taken refused.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileError } from '../../src/data/localFile.js';
import { evidenceFolderName, writeEvidence } from '../../src/data/trace/evidence.js';
import { runTrace, type TraceResult } from '../../src/data/trace/runTrace.js';
import { startDemoServer, tracePlants, type DemoServer } from 'openim-demo-server';
import { demoClient } from '../support/demoClient.js';

let demo: DemoServer;
let dir: string;
let result: TraceResult;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'oie-evidence-'));
  const p = tracePlants(1000).dismissedGroup!;
  result = await runTrace({ conversationID: p.conversationID, seq: p.seq, receiverID: p.receiverID }, { client: demoClient(demo), now: Date.now });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await demo.close();
});

describe('the evidence folder', () => {
  it('holds the trace, a reply per request, a curl line per request and a manifest that checks', () => {
    const name = evidenceFolderName(result, new Date(2026, 0, 2, 3, 4, 5));
    expect(name).toBe(`openim-trace-${result.target.conversationID}-${result.target.seq}-20260102-030405`);
    const { folder, files } = writeEvidence(result, { dir, name, baseUrl: demo.url, cwd: dir });
    expect(folder).toBe(`./${name}`);
    const root = join(dir, name);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    const sent = result.exchanges.filter((e) => e.body !== undefined);
    expect(files.filter((f) => f.startsWith('replies/'))).toHaveLength(sent.length);
    const sums = readFileSync(join(root, 'SHA256SUMS'), 'utf8').trimEnd().split('\n');
    expect(sums).toHaveLength(files.length - 1);
    for (const line of sums) {
      const [digest, file] = line.split('  ');
      const bytes = readFileSync(join(root, file!));
      expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(digest);
      expect(statSync(join(root, file!)).mode & 0o777, file).toBe(0o600);
      // Neither a token nor a byte outside printable ASCII and newlines.
      // A JWT's header (a message's base64 content may start with eyJ, the base64 of {"), and the demo's fake session tokens' signature.
      expect(bytes.toString('utf8'), file).not.toMatch(/eyJhbGciOi|ZmFrZS1zaWduYXR1cmU/);
      expect(/^[\x20-\x7e\n]*$/.test(bytes.toString('latin1')), file).toBe(true);
    }
    const trace = JSON.parse(readFileSync(join(root, 'trace.json'), 'utf8')) as { words: string; checks: unknown[]; requests: Array<{ outcome: string }> };
    expect(trace.words).toMatch(/^the group is dismissed/);
    expect(trace.checks.length).toBe(result.lines.length);
    expect(trace.requests.every((r) => r.outcome === 'answered')).toBe(true);
    const curl = readFileSync(join(root, 'curl.sh'), 'utf8').split('\n').filter((l) => l.startsWith('curl '));
    expect(curl).toHaveLength(sent.length);
    for (const line of curl) {
      expect(line).toContain('-H "token: $OPENIM_TOKEN"');
      expect(line).toContain(demo.url);
    }
    const detail = JSON.parse(readFileSync(join(root, files.find((f) => f.endsWith('-sessions.json'))!), 'utf8')) as { data: Record<string, { singlePlatformToken: object[] }> };
    expect(Object.values(detail.data)[0]!.singlePlatformToken.length).toBeGreaterThan(0);
  });

  it('refuses a folder that exists, in words', () => {
    const name = 'taken';
    writeEvidence(result, { dir, name, baseUrl: demo.url, cwd: dir });
    expect(() => writeEvidence(result, { dir, name, baseUrl: demo.url, cwd: dir })).toThrow(LocalFileError);
    expect(() => writeEvidence(result, { dir, name, baseUrl: demo.url, cwd: dir })).toThrow(/already exists: choose another name/);
  });
});
