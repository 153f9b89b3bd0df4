// One user: the summary line, then conversations, blacklist and sent friend applications, one tab each.
import { Box } from 'ink';
import { ListView } from '../components/ListView.js';
import { UserSummaryBar } from '../components/UserSummaryBar.js';
import { USER_SUMMARY_LINES } from '../layout/frame.js';
import { listKeyFor } from '../store/selectors.js';
import type { UserTab } from '../store/types.js';
import { APPLICATION_COLUMNS, BLACK_COLUMNS, CONVERSATION_COLUMNS } from '../domain/columns.js';

interface Props {
  userID: string;
  tab: UserTab;
  width: number;
  height: number;
}

export function UserScreen({ userID, tab, width, height }: Props): React.JSX.Element {
  return (
    <Box flexDirection="column" width={width} height={height}>
      <UserSummaryBar userID={userID} width={width} />
      <UserTab userID={userID} tab={tab} width={width} height={height - USER_SUMMARY_LINES} />
    </Box>
  );
}

function UserTab({ userID, tab, width, height }: Props): React.JSX.Element {
  const listKey = listKeyFor({ name: 'user', userID, tab });
  switch (tab) {
    case 'conversations':
      return <ListView listKey={listKey} columns={CONVERSATION_COLUMNS} width={width} height={height} emptyText="no conversations" />;
    case 'blacklist':
      return <ListView listKey={listKey} columns={BLACK_COLUMNS} width={width} height={height} emptyText="the blacklist is empty" />;
    case 'applications':
      return <ListView listKey={listKey} columns={APPLICATION_COLUMNS} width={width} height={height} emptyText="no friend applications sent" />;
  }
}
