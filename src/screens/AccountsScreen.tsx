// System (notification) accounts. The keyword matches an exact userID or an exact nickname: the
// server has no substring search, so the empty text says so.
import type { ScreenGeometry } from '../layout/frame.js';
import { ListView } from '../components/ListView.js';
import { useAppStore } from '../components/StoreContext.js';
import { ACCOUNT_COLUMNS } from '../domain/columns.js';

export function AccountsScreen({ geometry }: { geometry: ScreenGeometry }): React.JSX.Element {
  const keyword = useAppStore((s) => s.lists.accounts?.query.keyword ?? '');
  const emptyText = keyword
    ? 'no system account has exactly this userID or nickname (s to search again, Esc for all)'
    : 'no system accounts';
  return <ListView listKey="accounts" columns={ACCOUNT_COLUMNS} geometry={geometry} emptyText={emptyText} />;
}
