import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { call, data, page } from './helpers.js';

interface Account {
  userID: string;
  faceURL: string;
  nickName: string;
  appMangerLevel: number;
}
interface AccountsData {
  total: number;
  notificationAccounts: Account[] | null;
}

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 50 });
});
afterAll(() => server.close());

const search = (keyword: string, pageNumber = 1, showNumber = 50) =>
  data<AccountsData>(server, '/user/search_notification_account', { keyword, pagination: page(pageNumber, showNumber) });

describe('search_notification_account', () => {
  it('lists the level-3 accounts for an empty keyword, without the admin or robots', async () => {
    const d = await search('');
    expect(d.total).toBe(DEMO.notificationAccountIDs.length);
    expect(d.notificationAccounts?.map((a) => a.userID)).toEqual(DEMO.notificationAccountIDs);
    for (const a of d.notificationAccounts ?? []) {
      expect(Object.keys(a)).toEqual(['userID', 'faceURL', 'nickName', 'appMangerLevel']);
      expect(a.appMangerLevel).toBe(3);
    }
  });

  it('pages in memory with the total before paging', async () => {
    const p2 = await search('', 2, 5);
    expect(p2.total).toBe(DEMO.notificationAccountIDs.length);
    expect(p2.notificationAccounts?.map((a) => a.userID)).toEqual(DEMO.notificationAccountIDs.slice(5, 10));
    expect(await search('', 100, 5)).toEqual({ total: DEMO.notificationAccountIDs.length, notificationAccounts: null });
  });

  it('finds an exact userID, including robots (level 4)', async () => {
    const robotID = DEMO.robotIDs[0] ?? '';
    expect(robotID).not.toBe('');
    const robot = await search(robotID);
    expect(robot.total).toBe(1);
    expect(robot.notificationAccounts?.[0]).toMatchObject({ userID: robotID, appMangerLevel: 4 });
  });

  it('falls back to an exact, case-sensitive nickname', async () => {
    const shared = await search(DEMO.sharedNickname);
    expect(shared.notificationAccounts?.map((a) => a.userID).sort()).toEqual(['notify_legacy', 'notify_system']);
    expect(await search(DEMO.sharedNickname.toUpperCase())).toEqual({ total: 0, notificationAccounts: null });
  });

  it('does no partial matching', async () => {
    expect(await search('notify')).toEqual({ total: 0, notificationAccounts: null });
    expect(await search('System')).toEqual({ total: 0, notificationAccounts: null });
  });

  it('never returns the admin or ordinary users', async () => {
    expect(await search(DEMO.adminUserID)).toEqual({ total: 0, notificationAccounts: null });
    expect(await search('user_000001')).toEqual({ total: 0, notificationAccounts: null });
  });

  it('checks pagination before permissions', async () => {
    const res = await call(server, '/user/search_notification_account', { keyword: '' }, { token: server.mintToken('user_000001') });
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'pagination is empty' });
  });
});
