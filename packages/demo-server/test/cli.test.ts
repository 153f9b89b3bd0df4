import { afterEach, describe, expect, it, vi } from 'vitest';
import { runDemoServerCli } from '../src/main.js';

afterEach(() => vi.restoreAllMocks());

describe('runDemoServerCli', () => {
  it('prints one line with the URL, serves, and closes on SIGTERM', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const done = runDemoServerCli({ port: 0, host: '127.0.0.1', users: 10, still: true });
    await vi.waitFor(() => expect(lines.length).toBe(1));
    const match = /^openim demo server on (http:\/\/127\.0\.0\.1:\d+) \(admin secret openIM123, admin user imAdmin; still\)\n$/.exec(lines[0] ?? '');
    expect(match).not.toBeNull();
    const url = match?.[1] ?? '';
    const res = await fetch(`${url}/auth/get_admin_token`, {
      method: 'POST', headers: { operationID: 'cli' }, body: JSON.stringify({ secret: 'openIM123', userID: 'imAdmin' }),
    });
    expect(((await res.json()) as { errCode: number }).errCode).toBe(0);
    process.emit('SIGTERM');
    await done;
    await expect(fetch(`${url}/user/get_users`, { method: 'POST' })).rejects.toThrow();
  });

  it('with --server main says so on its line and answers as main: /config/get_config_list is there', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const done = runDemoServerCli({ port: 0, host: '127.0.0.1', users: 10, still: true, server: 'main' });
    await vi.waitFor(() => expect(lines.length).toBe(1));
    const url = /^openim demo server on (http:\/\/127\.0\.0\.1:\d+) \(admin secret openIM123, admin user imAdmin; answers as main; still\)\n$/.exec(lines[0] ?? '')?.[1] ?? '';
    expect(url).not.toBe('');
    const login = await fetch(`${url}/auth/get_admin_token`, { method: 'POST', headers: { operationID: 'cli' }, body: JSON.stringify({ secret: 'openIM123', userID: 'imAdmin' }) });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const res = await fetch(`${url}/config/get_config_list`, { method: 'POST', headers: { operationID: 'cli', token }, body: '{}' });
    expect(((await res.json()) as { data: { version: string } }).data.version).toBe('main');
    process.emit('SIGTERM');
    await done;
  });
});
