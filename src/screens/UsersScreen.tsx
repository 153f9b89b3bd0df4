// Home: the registered users (the server lists ordinary users only, levels 0 and 1), narrowed by
// a search of IDs and nicknames on the server (`s`).
import type { ScreenGeometry } from '../layout/frame.js';
import { ListView } from '../components/ListView.js';
import { useAppStore } from '../components/StoreContext.js';
import { LISTS } from '../lists/registry.js';
import { innermostCause } from '../components/failureText.js';
import { glyphs } from '../terminal/glyphs.js';
import { keyFor, keyName } from '../keys/keymap.js';

export function UsersScreen({ geometry }: { geometry: ScreenGeometry }): React.JSX.Element {
  const search = useAppStore((s) => s.lists.users?.query.search ?? '');
  const regex = useAppStore((s) => s.lists.users?.query.regex ?? false);
  const error = useAppStore((s) => s.lists.users?.error ?? null);
  const searchKey = keyFor('search', 'users');
  const emptyText = LISTS.users.emptyText({ keyword: '', conversationIDs: [], search, regex }, searchKey);
  // A failed search is most often a pattern the server could not compile (regex mode): its
  // reason goes first, where 80 columns still show it (errDlt wraps it in MongoDB's prefixes).
  const sep = ` ${glyphs().separator} `;
  // Other failures (network, auth) keep their own advice.
  const errorHint =
    search && error?.kind === 'api' && !error.isAuth
      ? `${innermostCause(error.errDlt || error.errMsg)}${searchKey ? `${sep}${searchKey} to change it` : ''}${sep}${keyName('back')} for all users`
      : undefined;
  return (
    <ListView
      listKey="users"
      columns={LISTS.users.columns}
      geometry={geometry}
      emptyText={emptyText}
      {...(errorHint ? { errorHint } : {})}
    />
  );
}
