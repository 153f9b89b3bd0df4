// One user: the summary line, then their lists (the registry's user tabs, src/lists/), one tab
// each.
import { Box } from 'ink';
import { ListView } from '../components/ListView.js';
import { UserSummaryBar } from '../components/UserSummaryBar.js';
import type { ScreenGeometry } from '../layout/frame.js';
import type { UserTab } from '../lists/names.js';
import { listDef } from '../lists/registry.js';
import { listKeyFor } from '../store/selectors.js';
import { useAppStore } from '../components/StoreContext.js';
import { useKeys } from '../components/SessionContext.js';

interface Props {
  userID: string;
  tab: UserTab;
  geometry: ScreenGeometry;
}

export function UserScreen({ userID, tab, geometry }: Props): React.JSX.Element {
  const list = listDef(tab);
  const { keyFor, keyName } = useKeys();
  const listKey = listKeyFor({ name: 'user', userID, tab });
  const query = useAppStore((s) => s.lists[listKey]?.query);
  return (
    <Box flexDirection="column" width={geometry.body.width} height={geometry.body.rows}>
      <UserSummaryBar userID={userID} width={geometry.summary.width} />
      <ListView
        listKey={listKey}
        columns={list.columns}
        geometry={geometry}
        emptyText={list.emptyText(query ?? list.query.initial, { search: keyFor('search', tab), back: keyName('back') })}
      />
    </Box>
  );
}
