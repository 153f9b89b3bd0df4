// A list on a screen of its own: a top-level list (the registry's `place: 'top'`) or a drill-down
// list opened from a row (`place: 'drill'`, keyed by its parent row): its table, narrowed by its
// query on the server when it has one (its key opens the prompt: `s` on users and system accounts).
import type { ScreenGeometry } from '../layout/frame.js';
import { ListView } from '../components/ListView.js';
import { useAppStore } from '../components/StoreContext.js';
import { listDef } from '../lists/registry.js';
import { LIST_NAMES } from '../lists/names.js';
import { listKeyFor, screenList } from '../store/selectors.js';
import type { Screen } from '../store/types.js';
import { innermostCause } from '../components/failureText.js';
import { glyphs } from '../terminal/glyphs.js';
import { useKeys } from '../components/SessionContext.js';

export function ListScreen({ screen, geometry }: { screen: Exclude<Screen, { name: 'user' }>; geometry: ScreenGeometry }): React.JSX.Element {
  const kind = screenList(screen);
  const key = listKeyFor(screen);
  const def = listDef(kind);
  const { keyFor, keyName } = useKeys();
  const query = useAppStore((s) => s.lists[key]?.query) ?? def.query.initial;
  const error = useAppStore((s) => s.lists[key]?.error ?? null);
  const searchKey = def.query.prompt?.kind === 'search' ? keyFor('search', kind) : undefined;
  const emptyText = def.emptyText(query, { search: searchKey, back: keyName('back') });
  // A failed narrowed request is most often a pattern the server could not compile (a regex
  // search): its reason goes first, where 80 columns still show it (errDlt wraps it in MongoDB's
  // prefixes). Other failures (network, auth) keep their own advice.
  const sep = ` ${glyphs().separator} `;
  const errorHint =
    def.query.narrowed(query) && error?.kind === 'api' && !error.isAuth
      ? `${innermostCause(error.errDlt || error.errMsg)}${searchKey ? `${sep}${searchKey} to change it` : ''}${sep}${keyName('back')} for all ${LIST_NAMES[kind].title.toLowerCase()}`
      : undefined;
  return <ListView listKey={key} columns={def.columns} geometry={geometry} emptyText={emptyText} {...(errorHint ? { errorHint } : {})} />;
}
