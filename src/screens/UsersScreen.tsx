// Home: the registered users (the server lists ordinary users only, levels 0 and 1).
import { ListView } from '../components/ListView.js';
import { USER_COLUMNS } from '../domain/columns.js';

export function UsersScreen({ width, height }: { width: number; height: number }): React.JSX.Element {
  return <ListView listKey="users" columns={USER_COLUMNS} width={width} height={height} emptyText="no users" />;
}
