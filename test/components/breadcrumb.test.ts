import { describe, expect, it } from 'vitest';
import { crumbText } from '../../src/components/Breadcrumb.js';
import type { Screen } from '../../src/store/types.js';

const user = (userID: string): Screen => ({ name: 'user', userID, tab: 'conversations' });

describe('the breadcrumb keeps the list it starts from', () => {
  it('drops the steps in between first, not the list name', () => {
    const nav: Screen[] = [{ name: 'users' }, user('user_000001'), user('user_000777'), user('user_001234')];
    expect(crumbText(nav, 80)).toBe('Users › user_000001 › user_000777 › user_001234');
    expect(crumbText(nav, 30)).toBe('Users › … › user_001234');
    expect(crumbText([{ name: 'accounts' }, user('notify_system')], 22)).toMatch(/^System accounts › /);
  });
});
