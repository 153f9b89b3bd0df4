// @module-tag cli
// TLS and invalid replies in words, on the built CLI: loopback https servers with certificates
// made here by openssl (self-signed, signed by a private CA, expired, for another name), and a
// raw TCP server sending a reply HTTP forbids. Each failure names the problem and what to do, the
// code in brackets after the words; --ca-file, a profile's caFile and NODE_EXTRA_CA_CERTS trust
// the private CA.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../support/runCli.js';

assertBuilt();
const dir = mkdtempSync(join(tmpdir(), 'oie-tls-'));
const ssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
const CA_CNF = `[ca]
default_ca = d
[d]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = p
copy_extensions = copy
unique_subject = no
[p]
commonName = supplied
`;

/** A certificate for `san` signed by the test CA, valid from `start` to `end` (openssl ca dates). */
function signed(name: string, san: string, start: string, end: string): { key: string; cert: string } {
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`, '-addext', `subjectAltName=${san}`);
  ssl('ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${name}.csr`, '-out', `${name}.pem`, '-startdate', start, '-enddate', end);
  return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') };
}

const servers: (Server | TcpServer)[] = [];
function serve(tls: { key: string; cert: string }): Promise<string> {
  const server = createHttpsServer(tls, (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const data = req.url === '/auth/get_admin_token' ? { token: 't', expireTimeSeconds: 3600 } : { total: 1, users: [{ userID: 'u_tls', nickname: 'over TLS' }] };
      res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
    });
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`https://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

let selfSigned: string;
let privateCa: string;
let expired: string;
let otherName: string;
let invalidHttp: string;
const CA = join(dir, 'ca.pem');

beforeAll(async () => {
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'self.key', '-out', 'self.pem', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '2');
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=oie test CA', '-days', '2');
  writeFileSync(join(dir, 'ca.cnf'), CA_CNF);
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '01\n');
  const now = new Date();
  const stamp = (d: Date): string => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  const tomorrow = new Date(now.getTime() + 86_400_000);
  selfSigned = await serve({ key: readFileSync(join(dir, 'self.key'), 'utf8'), cert: readFileSync(join(dir, 'self.pem'), 'utf8') });
  privateCa = await serve(signed('good', 'IP:127.0.0.1', stamp(new Date(now.getTime() - 3_600_000)), stamp(tomorrow)));
  expired = await serve(signed('old', 'IP:127.0.0.1', '20200101000000Z', '20200102000000Z'));
  otherName = await serve(signed('other', 'DNS:other.example', stamp(new Date(now.getTime() - 3_600_000)), stamp(tomorrow)));
  const tcp = createTcpServer((socket) => {
    socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello'));
  });
  servers.push(tcp);
  invalidHttp = await new Promise((resolve) => tcp.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(tcp.address() as AddressInfo).port}`)));
}, 60_000);
afterAll(() => {
  for (const server of servers) server.close();
});

const users = (url: string, more: string[] = [], env: NodeJS.ProcessEnv = {}) =>
  runCli(['users', '--base-url', url, '--timeout', '10', '-o', 'ndjson', ...more], { OPENIM_SECRET: 's', ...env });

const TRUST = 'to trust a private CA: --ca-file PATH (or caFile in the profile), or NODE_EXTRA_CA_CERTS=PATH';

describe('TLS failures in words', () => {
  it('a self-signed certificate: named, with how to trust a CA; the code in brackets', async () => {
    const r = await users(selfSigned);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`the server's TLS certificate is self-signed and not trusted; ${TRUST} [DEPTH_ZERO_SELF_SIGNED_CERT]`);
  });

  it('a certificate from an unknown CA', async () => {
    const r = await users(privateCa);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`the server's TLS certificate is signed by an unknown CA; ${TRUST} [UNABLE_TO_VERIFY_LEAF_SIGNATURE]`);
  });

  it('an expired certificate (the CA trusted)', async () => {
    const r = await users(expired, ['--ca-file', CA]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("the server's TLS certificate has expired");
    expect(r.stderr).toContain('[CERT_HAS_EXPIRED]');
  });

  it('a certificate for another name (the CA trusted)', async () => {
    const r = await users(otherName, ['--ca-file', CA]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("the server's TLS certificate is for another host name: use the name it was issued for in --base-url [ERR_TLS_CERT_ALTNAME_INVALID]");
  });

  it('NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: the self-signed certificate still fails, said once in words instead of Node\'s warning', async () => {
    const r = await users(selfSigned, [], { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`the server's TLS certificate is self-signed and not trusted; ${TRUST} [DEPTH_ZERO_SELF_SIGNED_CERT]`);
    expect(r.stderr).toContain(
      'openim-explorer: note: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are verified (to trust a private CA: --ca-file PATH, or NODE_EXTRA_CA_CERTS=PATH)\n',
    );
    // Node's own warning (that verification is off) is not printed: it would be false.
    expect(r.stderr.match(/NODE_TLS_REJECT_UNAUTHORIZED/g)).toHaveLength(1);
    expect(r.stderr).not.toMatch(/Warning|insecure/);
  });

  it('with it set, a trusted CA still works, and a plain http server hears nothing of it', async () => {
    const r = await users(privateCa, ['--ca-file', CA], { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored');
    const plain = await users(invalidHttp, [], { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    expect(plain.stderr).not.toContain('NODE_TLS_REJECT_UNAUTHORIZED');
  });

  it('--ca-file trusts the private CA', async () => {
    const r = await users(privateCa, ['--ca-file', CA]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({ userID: 'u_tls' });
  });

  it("a profile's caFile, relative to the config file, trusts it too", async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: { tls: { baseUrl: privateCa, secret: 's', caFile: 'ca.pem' } } }), { mode: 0o600 });
    const r = await runCli(['users', '--config', config, '--profile', 'tls', '-o', 'ndjson']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({ userID: 'u_tls' });
  });

  it('NODE_EXTRA_CA_CERTS trusts it as well', async () => {
    const r = await users(privateCa, [], { NODE_EXTRA_CA_CERTS: CA });
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });

  it('--ca-file that is not a PEM certificate, or a FIFO, is a usage error in words', async () => {
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    const r = await users(privateCa, ['--ca-file', notPem]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--ca-file ${notPem}: not a PEM certificate`);
    const fifo = join(dir, 'ca.fifo');
    execFileSync('mkfifo', [fifo]);
    const f = await users(privateCa, ['--ca-file', fifo]);
    expect(f).toMatchObject({ code: 2, hung: false });
    expect(f.stderr).toContain('the CA file must be a regular file, this is a FIFO');
  });
});

describe('an invalid HTTP reply in words', () => {
  it('two Content-Length headers: says what was wrong, the parser code in brackets', async () => {
    const r = await users(invalidHttp);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      "the server's reply is not valid HTTP: its Content-Length conflicts with another length header (Transfer-Encoding or a second Content-Length) [HPE_UNEXPECTED_CONTENT_LENGTH]",
    );
    expect(r.stderr).not.toMatch(/network failure \(HPE_/);
  });
});
