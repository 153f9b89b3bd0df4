// How the hostile walks reach each list, by keys, in the real App on the hostile server: from the
// users list as it first loads to the list's page 1; and which file walks each list's rows (a
// user's tab without a file of its own is walked by hostile-user-tabs.test.tsx, every export by
// hostile-exports.test.tsx), which obligations.test.ts checks against the registry.
import { expect } from 'vitest';
import { LIST_NAMES, USER_TABS, isUserTab, type ListKind, type UserTab } from '../../src/lists/names.js';
import { currentList } from '../../src/store/selectors.js';
import { KEYS, type Mounted } from './harness.js';
import { statusAsk } from './hostileReads.js';
import { CORPUS_SIZE } from './hostileServer.js';
import { command, loaded, step } from './walk.js';

/** The lists whose rows a file of their own walks (test/hardening/<file>.test.tsx), with what it checks besides. */
export const OWN_WALKS: Partial<Record<ListKind, string>> = {
  users: 'hostile-users',
  accounts: 'hostile-accounts',
  status: 'hostile-presence',
  messages: 'hostile-messages',
  groups: 'hostile-groups',
  members: 'hostile-groups',
  history: 'hostile-history',
  conversations: 'hostile-user-conversations',
  blacklist: 'hostile-user-blacklist',
  applications: 'hostile-user-applications',
  joinedGroups: 'hostile-user-groups',
  doctor: 'hostile-doctor',
  pulse: 'hostile-pulse',
  topSenders: 'hostile-pulse',
  topGroups: 'hostile-pulse',
};

/** A user's tabs no file of their own walks: hostile-user-tabs.test.tsx walks each. */
export const GENERATED_TAB_WALKS: readonly UserTab[] = USER_TABS.filter((tab) => OWN_WALKS[tab] === undefined);

/** Opens `kind` and waits for its first page; its rows are the corpus (hostileReads.ts). */
export async function openList(m: Mounted, kind: ListKind): Promise<void> {
  await loaded(m, 1);
  if (isUserTab(kind) || kind === 'history') {
    // Row 1's user ID is hostile; its tab, or Enter on its first conversation (a hostile ID).
    await step(m, 'j');
    await step(m, KEYS.enter);
    await loaded(m, 1);
    const key = isUserTab(kind) ? String(USER_TABS.indexOf(kind) + 1) : KEYS.enter;
    if (key !== '1') await step(m, key);
  } else if (kind === 'members') {
    // Row 1's group ID and name are hostile: the breadcrumb shows the name, the request carries the ID.
    await command(m, 'groups');
    await step(m, 'j');
    await step(m, KEYS.enter);
  } else if (kind === 'topSenders') {
    // The pulse's first day: its top senders, the corpus.
    await step(m, 'T');
    await loaded(m, 1);
    await step(m, KEYS.enter);
  } else if (kind === 'status') {
    await command(m, 'status');
    await step(m, 's');
    await m.type(Array.from({ length: CORPUS_SIZE }, (_, i) => statusAsk(i)).join(','));
    await m.settle(5);
    await step(m, KEYS.enter);
  } else if (kind === 'doctor') {
    // Every route the doctor reads of a user answers rows of the corpus (hostile IDs, seqs, platforms).
    await command(m, 'doctor user h1');
  } else if (kind !== 'users') {
    await command(m, LIST_NAMES[kind].command);
  }
  await loaded(m, 1);
  const list = currentList(m.store.getState())!;
  expect(list.kind).toBe(kind);
  expect(list.error).toBeNull();
}
