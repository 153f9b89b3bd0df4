// Which server the demo answers as: the newest release (v3.8.3-patch.16) or main (unreleased,
// 7848d7c7, protocol alpha.18). One value, chosen when the server starts and handed to every route
// in its context (route.ts RouteContext), never a global: two demos of either kind can run side by
// side. What main changes, and only that (shared/openim-api.md §12.17 item 16): the owner-or-admin
// checks of item 13 on the routes the demo serves, empty maps left out rather than null (item 6),
// /config/get_config_list (item 15), and §10's admin at level 2 with older admin tokens demoted.
export const SERVER_GENERATIONS = ['release', 'main'] as const;
export type ServerGeneration = (typeof SERVER_GENERATIONS)[number];

/**
 * A map field as the generation writes an empty one: the release has no omitempty on map fields,
 * so gRPC's nil map is `null` (P:user/user.pb.go:1529); main's protocol (alpha.18) tags them
 * `omitempty`, so the key is absent (P@a18:msg/msg.pb.go:2200,2382,2570, sdkws.pb.go:1358-1359).
 * `undefined` is left out of the JSON.
 */
export function mapField<T>(ctx: { generation: ServerGeneration }, map: Record<string, T>): Record<string, T> | null | undefined {
  if (Object.keys(map).length > 0) return map;
  return ctx.generation === 'main' ? undefined : null;
}
