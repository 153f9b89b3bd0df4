// The user picker's history on real files in a temp folder: one list per server, an older
// version's single list set aside with a note, a temporary file planted beside it left alone (the
// save used to delete `recent-users.json.<pid>.tmp` and lose itself in silence), a save that
// fails saying why, and a state folder others can write (or a link to it another user made) not
// used, with the chmod, chown or rm to run.
import { chmodSync, chownSync, lchownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recentUsersFile, recentUsersServer } from '../../src/config/recentUsers.js';

/** A fresh state folder (private, as the app makes it) and the file's path in it. */
function stateFile(): { folder: string; path: string } {
  const folder = join(mkdtempSync(join(tmpdir(), 'oie-recent-')), 'openim-explorer');
  mkdirSync(folder, { mode: 0o700 });
  return { folder, path: join(folder, 'recent-users.json') };
}

describe('one history per server', () => {
  it("one server's IDs are never offered on another; each keeps its own", () => {
    const { path } = stateFile();
    const file = recentUsersFile(path);
    const staging = file.forServer(recentUsersServer({ baseUrl: 'http://staging:10002' }, false));
    const prod = file.forServer(recentUsersServer({ baseUrl: 'https://prod.example.org' }, false));
    expect(staging.save(['u_staging_1', 'u_staging_2'])).toBeUndefined();
    expect(prod.load()).toEqual([]);
    expect(prod.save(['u_prod'])).toBeUndefined();
    // Another run, another file object: both lists are there.
    const again = recentUsersFile(path);
    expect(again.forServer(recentUsersServer({ baseUrl: 'http://staging:10002' }, false)).load()).toEqual(['u_staging_1', 'u_staging_2']);
    expect(again.forServer(recentUsersServer({ baseUrl: 'https://prod.example.org' }, false)).load()).toEqual(['u_prod']);
    expect(again.problem).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('a server is its profile, else its base URL as parsed, else the demo', () => {
    const key = (baseUrl: string) => recentUsersServer({ baseUrl }, false);
    expect(key('HTTP://Host.Example:80/api/')).toBe(key('http://host.example/api'));
    expect(key('http://host.example/api')).not.toBe(key('http://host.example/other'));
    expect(key('http://host.example:10002')).not.toBe(key('http://host.example:10003'));
    expect(recentUsersServer({ profile: 'prod', baseUrl: 'http://x' }, false)).toBe('profile prod');
    expect(recentUsersServer({ profile: 'prod', baseUrl: 'http://127.0.0.1:4242' }, true)).toBe('demo');
  });

  it('a server named like an inherited property is only a name', () => {
    const { path } = stateFile();
    const file = recentUsersFile(path);
    expect(file.forServer('__proto__').load()).toEqual([]);
    expect(file.forServer('constructor').load()).toEqual([]);
    file.forServer('constructor').save(['u1']);
    expect(recentUsersFile(path).forServer('constructor').load()).toEqual(['u1']);
  });

  it("an older version's one list for every server is set aside with a note, then replaced", () => {
    const { path } = stateFile();
    writeFileSync(path, JSON.stringify(['u_from_somewhere']), { mode: 0o600 });
    const file = recentUsersFile(path);
    const server = file.forServer('url http://a');
    expect(server.load()).toEqual([]);
    expect(file.problem).toBe('the recent-users file is one list for every server (an older version wrote it)');
    expect(server.save(['u_a'])).toBeUndefined();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ servers: { 'url http://a': ['u_a'] } });
  });
});

describe('saving', () => {
  it("a file at the old temporary name is someone else's: left alone, and the save still works", () => {
    const { folder, path } = stateFile();
    const planted = `${path}.${process.pid}.tmp`;
    writeFileSync(planted, 'not ours\n', { mode: 0o600 });
    const server = recentUsersFile(path).forServer('demo');
    expect(server.save(['user_000001'])).toBeUndefined();
    expect(readFileSync(planted, 'utf8')).toBe('not ours\n');
    expect(server.load()).toEqual(['user_000001']);
    // Nothing of ours is left behind: the file, and the planted one.
    expect(readdirSync(folder).sort()).toEqual(['recent-users.json', `recent-users.json.${process.pid}.tmp`]);
  });

  it('a save that fails says why and leaves no file of its own behind', () => {
    const { folder, path } = stateFile();
    mkdirSync(path);
    const server = recentUsersFile(path).forServer('demo');
    expect(server.save(['user_000001'])).toBe('cannot write the recent-users file: it is a directory');
    expect(readdirSync(folder)).toEqual(['recent-users.json']);
  });
});

describe('the state folder', () => {
  /** The explorer's view of a folder it cannot trust: the reason from the start, no history, nothing written. */
  function untrusted(path: string, why: string): void {
    const file = recentUsersFile(path);
    expect(file.problem).toBe(why);
    const recent = file.forServer('demo');
    expect(recent.load()).toEqual([]);
    expect(recent.save(['user_a'])).toBe(why);
    expect(readdirSync(dirname(path))).toEqual([]);
  }

  it('writable by group or others: not used, with the chmod to run', () => {
    const { folder, path } = stateFile();
    chmodSync(folder, 0o777);
    untrusted(path, `${folder}: the state folder is writable by group and others (mode 0777); refusing it as ssh would: check it, then chmod go-w ${folder}`);
    chmodSync(folder, 0o770);
    expect(recentUsersFile(path).problem).toContain('writable by group (mode 0770)');
  });

  it.skipIf(process.getuid?.() !== 0)("another user's: not used, with the chown to run; root's or missing: fine", () => {
    const { folder, path } = stateFile();
    chownSync(folder, 12345, 12345);
    untrusted(path, `${folder}: the state folder belongs to another user (uid 12345); refusing it as ssh would: check it, then chown root ${folder}`);
    chownSync(folder, 0, 0);
    expect(recentUsersFile(path).problem).toBeUndefined();
    expect(recentUsersFile(join(mkdtempSync(join(tmpdir(), 'oie-recent-')), 'missing', 'recent-users.json')).problem).toBeUndefined();
  });

  it.skipIf(process.getuid?.() !== 0)("a link another user planted in a shared state home is not followed to root's folder; the user's own link is", () => {
    // A state home others can write (1777), and root's own private folder the link points at.
    const shared = mkdtempSync(join(tmpdir(), 'oie-recent-shared-'));
    chmodSync(shared, 0o1777);
    const victim = mkdtempSync(join(tmpdir(), 'oie-recent-victim-'));
    chmodSync(victim, 0o700);
    const folder = join(shared, 'openim-explorer');
    symlinkSync(victim, folder);
    lchownSync(folder, 12345, 12345);
    const path = join(folder, 'recent-users.json');
    untrusted(path, `${folder}: the state folder is a symbolic link that belongs to another user (uid 12345); refusing to follow it: check it, then rm ${folder}`);
    lchownSync(folder, 0, 0);
    const mine = recentUsersFile(path).forServer('demo');
    expect(mine.save(['user_a'])).toBeUndefined();
    expect(readdirSync(victim)).toEqual(['recent-users.json']);
  });
});
