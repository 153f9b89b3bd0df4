// The real server's batch reads by ID (get_users_info, get_group_members_info, ...) go through
// rockscache's batch read: duplicates collapse, unknown IDs are silently dropped, and the rows
// come back in Go map order, which is random (openim-api.md §12.0, §12.17 item 7). The demo
// answers in an order of its own, fixed per set of IDs but never the request's, so that a client
// indexing the rows by position is caught.
import { mix } from './prng.js';

/** A number per ID: the same ID, the same number. */
function idHash(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = mix(h, id.charCodeAt(i));
  return h;
}

/** The distinct IDs, in batch order (not the request's). */
export function batchOrder(ids: readonly string[]): string[] {
  const distinct = [...new Set(ids)];
  const order = distinct.map((id) => ({ id, h: idHash(id) })).sort((a, b) => a.h - b.h || (a.id < b.id ? -1 : 1));
  const shuffled = order.map((o) => o.id);
  // Two or more IDs never come back in the order asked.
  if (shuffled.length > 1 && shuffled.every((id, i) => id === distinct[i])) shuffled.push(shuffled.shift()!);
  return shuffled;
}
