// One user: the summary line, then conversations, blacklist and sent friend applications, one tab each.
import { Box } from 'ink';
import { ListView } from '../components/ListView.js';
import { UserSummaryBar } from '../components/UserSummaryBar.js';
import type { ScreenGeometry } from '../layout/frame.js';
import { listKeyFor } from '../store/selectors.js';
import type { UserTab } from '../store/types.js';
import { APPLICATION_COLUMNS, BLACK_COLUMNS, CONVERSATION_COLUMNS } from '../domain/columns.js';

interface Props {
  userID: string;
  tab: UserTab;
  geometry: ScreenGeometry;
}

export function UserScreen({ userID, tab, geometry }: Props): React.JSX.Element {
  return (
    <Box flexDirection="column" width={geometry.body.width} height={geometry.body.rows}>
      <UserSummaryBar userID={userID} width={geometry.summary.width} />
      <UserTab userID={userID} tab={tab} geometry={geometry} />
    </Box>
  );
}

function UserTab({ userID, tab, geometry }: Props): React.JSX.Element {
  const listKey = listKeyFor({ name: 'user', userID, tab });
  switch (tab) {
    case 'conversations':
      return <ListView listKey={listKey} columns={CONVERSATION_COLUMNS} geometry={geometry} emptyText="no conversations" />;
    case 'blacklist':
      return <ListView listKey={listKey} columns={BLACK_COLUMNS} geometry={geometry} emptyText="the blacklist is empty" />;
    case 'applications':
      return <ListView listKey={listKey} columns={APPLICATION_COLUMNS} geometry={geometry} emptyText="no friend applications sent" />;
  }
}
