// System (notification) accounts, narrowed by a keyword (src/lists/accounts.ts).
import type { ScreenGeometry } from '../layout/frame.js';
import { ListView } from '../components/ListView.js';
import { useAppStore } from '../components/StoreContext.js';
import { LISTS } from '../lists/registry.js';
import { keyFor } from '../keys/keymap.js';

export function AccountsScreen({ geometry }: { geometry: ScreenGeometry }): React.JSX.Element {
  const keyword = useAppStore((s) => s.lists.accounts?.query.keyword ?? '');
  const emptyText = LISTS.accounts.emptyText({ keyword, conversationIDs: [] }, keyFor('search', 'accounts'));
  return <ListView listKey="accounts" columns={LISTS.accounts.columns} geometry={geometry} emptyText={emptyText} />;
}
