// System (notification) accounts, narrowed by a keyword (src/lists/accounts.ts).
import { ListView } from '../components/ListView.js';
import { useAppStore } from '../components/StoreContext.js';
import { LISTS } from '../lists/registry.js';

export function AccountsScreen({ width, height }: { width: number; height: number }): React.JSX.Element {
  const keyword = useAppStore((s) => s.lists.accounts?.query.keyword ?? '');
  const emptyText = LISTS.accounts.emptyText({ keyword, conversationIDs: [] });
  return <ListView listKey="accounts" columns={LISTS.accounts.columns} width={width} height={height} emptyText={emptyText} />;
}
