// A list's page extras (types.ts PageExtra), over any list: which a list's shown columns need,
// which columns show without a choice, and a page with its extras put on its rows. A column needs
// an extra when its field is the extra's name or a path inside it (`online`, `online.status`).
import type { OpenIMClient } from '../api/client.js';
import { firstLine, isApiFailure } from '../api/errors.js';
import type { AnyRow } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import type { Column } from '../domain/columns.js';
import type { AnyQuery, ListDef, PageRequest } from './types.js';

type AnyDef = ListDef<AnyRow, unknown, AnyQuery>;

/** The extra a column shows, if any. */
export function extraOf(def: Pick<AnyDef, 'extras'>, column: Pick<Column<AnyRow>, 'field' | 'extra'>): string | undefined {
  const head = column.extra ?? column.field?.split('.')[0];
  return head !== undefined && def.extras && Object.hasOwn(def.extras, head) ? head : undefined;
}

/**
 * The columns a list shows when none were chosen: all but those that need an extra (each costs a
 * request a page), unless the extra is asked for by default (`byDefault`).
 */
export function defaultColumns<Row extends AnyRow>(def: Pick<ListDef<Row, unknown, AnyQuery>, 'extras' | 'columns'>): readonly Column<Row>[] {
  return def.columns.filter((c) => {
    const extra = extraOf(def as Pick<AnyDef, 'extras'>, c);
    return extra === undefined || def.extras?.[extra]?.byDefault === true;
  });
}

/** The extras the columns of these keys need (all the default columns when no keys), in the list's order. */
export function extrasFor(def: Pick<AnyDef, 'extras' | 'columns'>, keys: readonly string[] | undefined): string[] {
  const shown = keys === undefined ? defaultColumns(def) : def.columns.filter((c) => keys.includes(c.key));
  return Object.keys(def.extras ?? {}).filter((name) => shown.some((c) => extraOf(def, c) === name));
}

/**
 * The page with what each extra asked for says of its rows, one request per extra. A failed extra
 * leaves the rows as they came and says so in the page's notice; a cancelled one cancels the page.
 */
export async function withExtras(client: OpenIMClient, def: AnyDef, request: Pick<PageRequest, 'extras' | 'userID'>, page: Page<AnyRow>, signal: AbortSignal): Promise<Page<AnyRow>> {
  const wanted = (request.extras ?? []).filter((name) => def.extras && Object.hasOwn(def.extras, name));
  if (wanted.length === 0 || page.rows.length === 0) return page;
  let rows = page.rows;
  let figures: Record<string, number> | undefined;
  const failed: string[] = [];
  for (const name of wanted) {
    const extra = def.extras![name]!;
    // The operation read it already (the fault walk's rows carry their read state).
    if (rows.every((row) => Object.hasOwn(row, name))) continue;
    try {
      const said = await extra.fetch(client, page.rows, signal, request.userID);
      rows = rows.map((row) => {
        const value = said.get(def.rowID(row));
        return value === undefined ? row : { ...row, [name]: value };
      });
      if (extra.figures) figures = { ...figures, ...extra.figures(rows) };
    } catch (error) {
      if (signal.aborted) throw error;
      failed.push(`${extra.label} not read (${isApiFailure(error) ? firstLine(error.message) : String(error)})`);
    }
  }
  const notice = [page.notice, ...failed].filter(Boolean).join('; ');
  return { ...page, rows, ...(figures ? { extra: { ...page.extra, ...figures } } : {}), ...(notice ? { notice } : {}) };
}
