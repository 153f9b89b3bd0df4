// How the hostile walks reach each list added with messages, groups and presence, by keys, in the
// real App on the hostile server: from the users list as it first loads to the list's page 1.
import { expect } from 'vitest';
import { currentList } from '../../src/store/selectors.js';
import { KEYS, type Mounted } from './harness.js';
import { statusAsk } from './hostileReads.js';
import { CORPUS_SIZE } from './hostileServer.js';
import { command, loaded, step } from './walk.js';

export type NewList = 'messages' | 'groups' | 'members' | 'joinedGroups' | 'history' | 'status';

/** Opens `kind` and waits for its first page; its rows are the corpus (hostileReads.ts). */
export async function openList(m: Mounted, kind: NewList): Promise<void> {
  await loaded(m, 1);
  switch (kind) {
    case 'messages':
    case 'groups':
      await command(m, kind);
      break;
    case 'members':
      // Row 1's group ID and name are hostile: the breadcrumb shows the name, the request carries the ID.
      await command(m, 'groups');
      await step(m, 'j');
      await step(m, KEYS.enter);
      break;
    case 'joinedGroups':
    case 'history':
      // Row 1's user ID is hostile; its tab 6, or Enter on its first conversation (a hostile ID).
      await step(m, 'j');
      await step(m, KEYS.enter);
      await loaded(m, 1);
      await step(m, kind === 'history' ? KEYS.enter : '6');
      break;
    case 'status':
      await command(m, 'status');
      await step(m, 's');
      await m.type(Array.from({ length: CORPUS_SIZE }, (_, i) => statusAsk(i)).join(','));
      await m.settle(5);
      await step(m, KEYS.enter);
      break;
  }
  await loaded(m, 1);
  const list = currentList(m.store.getState())!;
  expect(list.kind).toBe(kind);
  expect(list.error).toBeNull();
}
