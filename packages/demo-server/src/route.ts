// What a route is, and the checks the per-user routes share; each operation's file builds on it.
import type { DemoActivity } from './activity.js';
import type { DemoCluster } from './cluster.js';
import type { BoundValue, StructSpec } from './bind.js';
import type { TokenCheck } from './jwt.js';
import type { ServerGeneration } from './generation.js';
import { boundNumbers, boundString } from './bind.js';
import { CodeError, argsError, noPermission } from './errors.js';
import { conversationsOf, type ConversationRecord } from './conversations.js';
import { withOwnReads } from './own-reads.js';
import { checkPagination } from './pagination.js';
import type { World } from './users.js';

export interface RouteContext {
  world: World;
  /** Which server the demo plays (generation.ts): chosen at its start, the same for every request. */
  generation: ServerGeneration;
  /** From the token; empty on the whitelisted token route. */
  opUserID: string;
  secret: string;
  issueAdminToken(): { token: string; expireTimeSeconds: number };
  /** The check every request's token gets (signature, expiry, the token store): parse_token answers with it. */
  verifyToken(token: string): TokenCheck;
  /** While the demo lives: what changed since it started (activity.ts). */
  activity?: DemoActivity;
  /** The cluster the discovery routes list (cluster.ts), when the demo runs one. */
  cluster?: DemoCluster;
}

export interface Route {
  /** Served by this generation alone; any other answers 404 as for an unknown path. */
  only?: ServerGeneration;
  spec: StructSpec;
  /** The gin handler's stack frame, for bind errors (S:internal/api/*.go). */
  handler: string;
  /** The HTTP status of a bind error, when not 200: a hand-written handler's c.BindJSON writes 400 before the envelope (§12.11). */
  bindStatus?: number;
  /** The data, or the error to answer with; a search may take a few event-loop turns. */
  run(ctx: RouteContext, body: Map<string, BoundValue>): unknown;
}

/** Runs Check() (userID first, then pagination), as the protobuf requests do. */
export function checkUserAndPage(body: Map<string, BoundValue>) {
  const checked = checkIDAndPage(body, 'userID');
  return checked instanceof CodeError ? checked : { userID: checked.id, page: checked.page };
}

/** The same Check() for a request whose user or group is named by another field (`fromUserID`). */
export function checkIDAndPage(body: Map<string, BoundValue>, field: string) {
  const id = boundString(body, field);
  if (id === '') return argsError(`${field} is empty`);
  const page = checkPagination(body.get('pagination'));
  return page instanceof CodeError ? page : { id, page };
}

/** One user's page of a list only its owner or an admin may read: the checks in the server's order. */
export function checkOwnersPage(ctx: RouteContext, body: Map<string, BoundValue>) {
  const checked = checkUserAndPage(body);
  if (checked instanceof CodeError) return checked;
  return checkOwnerOrAdmin(ctx, checked.userID) ?? checked;
}

/** CheckAccessV3: the owner or an admin. The odd detail text is the real server's. */
export function checkOwnerOrAdmin(ctx: RouteContext, ownerUserID: string): CodeError | undefined {
  if (ctx.opUserID === ownerUserID || ctx.opUserID === ctx.world.adminUserID) return undefined;
  return noPermission(`ownerUserID, ${ownerUserID}=MISSING`);
}

/**
 * main's owner-or-admin check on a route the release leaves open (§12.17 item 13): 1002 for a
 * user token reading another user's (S@main:pkg/authverify/token.go CheckAccess); none on the release.
 */
export function ownerOrAdminOnMain(ctx: RouteContext, ownerUserID: string): CodeError | undefined {
  return ctx.generation === 'main' ? checkOwnerOrAdmin(ctx, ownerUserID) : undefined;
}

/** A friend-application list narrowed by the request's `handleResults` (none given: every row). */
export function byHandleResults<Row extends { handleResult: number }>(body: Map<string, BoundValue>, rows: Row[]): Row[] {
  const states = boundNumbers(body, 'handleResults');
  return states.length ? rows.filter((r) => states.includes(r.handleResult)) : rows;
}

/** The user's conversations as every route shows them: the data set's, with the activity's messages. */
export function conversationsSeenBy(ctx: RouteContext, userID: string): readonly ConversationRecord[] {
  // The sender's read seq moved to their own latest message, as the server moves it on send.
  const generated = withOwnReads(ctx.world, userID, conversationsOf(ctx.world, userID));
  return ctx.activity ? ctx.activity.conversations(userID, generated) : generated;
}
