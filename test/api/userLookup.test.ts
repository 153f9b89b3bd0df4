// The exact lookup against servers answering in the real shapes (a loopback server of the test's
// own): get_users_info at every level, its 1004 for an ID not stored, a server that leaves the ID
// out instead, and one that cannot answer it at all (the lookup then asks get_users).
import { afterEach, describe, expect, it } from 'vitest';
import { lookupUser } from '../../src/api/userLookup.js';
import { demoClient } from '../support/demoClient.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';

const ok = (data: unknown): Fault => ({ kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data } });
const user = (userID: string, appMangerLevel: number) => ({ userID, nickname: userID, faceURL: '', ex: '', createTime: 1_700_000_000_000, appMangerLevel, globalRecvMsgOpt: 0 });
const LOGIN = ok({ token: 't', expireTimeSeconds: 86400 });

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server answering get_users_info with `info` and get_users with these users. */
async function serving(info: (ids: string[]) => Fault, users: unknown[] = []) {
  server = await startFaultServer((path, _attempt, body) => {
    if (path === '/auth/get_admin_token') return LOGIN;
    if (path === '/user/get_users_info') return info((JSON.parse(body) as { userIDs: string[] }).userIDs);
    if (path === '/user/get_users') return ok({ total: users.length, users });
    return { kind: 'status', status: 404, body: '404 page not found', contentType: 'text/plain' };
  });
  return demoClient(server);
}
const paths = () => server!.requests.map((r) => r.path).filter((p) => p !== '/auth/get_admin_token');

describe('lookupUser on servers in the real shapes', () => {
  it('reads the level get_users_info gives: a robot, the admin (level 2 on main), an ordinary user', async () => {
    const client = await serving((ids) => ok({ usersInfo: ids.map((id) => user(id, id === 'imAdmin' ? 2 : id.startsWith('robot') ? 4 : 1)) }));
    expect(await lookupUser(client, 'robot_x')).toMatchObject({ kind: 'system', user: { appMangerLevel: 4 } });
    expect(await lookupUser(client, 'imAdmin')).toMatchObject({ kind: 'admin', user: { appMangerLevel: 2 } });
    expect(await lookupUser(client, 'u1')).toMatchObject({ kind: 'user', user: { userID: 'u1', appMangerLevel: 1 } });
    expect(paths()).toEqual(['/user/get_users_info', '/user/get_users_info', '/user/get_users_info']);
  });

  it('an ID not stored (1004) is none, and get_users names it in another case', async () => {
    const client = await serving(() => ({ kind: 'json', body: { errCode: 1004, errMsg: 'RecordNotFoundError', errDlt: 'userID not found' } }), [user('User_A', 0)]);
    expect(await lookupUser(client, 'user_a')).toEqual({ kind: 'none', otherCase: 'User_A' });
  });

  it('a server that leaves the ID out (null) instead of failing is none too', async () => {
    const client = await serving(() => ok({ usersInfo: null }));
    expect(await lookupUser(client, 'gone')).toEqual({ kind: 'none' });
  });

  it('a server that cannot answer get_users_info (a proxy without the route) is asked with get_users', async () => {
    const client = await serving(() => ({ kind: 'status', status: 404, body: '404 page not found', contentType: 'text/plain' }), [user('u2', 0)]);
    expect(await lookupUser(client, 'u2')).toMatchObject({ kind: 'user', user: { userID: 'u2' } });
    expect(paths()).toEqual(['/user/get_users_info', '/user/get_users']);
  });

  it('an auth failure is the caller\'s, not a missing user', async () => {
    const client = await serving(() => ({ kind: 'json', body: { errCode: 1501, errMsg: 'TokenExpiredError', errDlt: '' } }));
    await expect(lookupUser(client, 'u3')).rejects.toMatchObject({ errCode: 1501 });
  });
});
