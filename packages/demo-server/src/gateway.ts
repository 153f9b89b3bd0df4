// The API gateway's middleware chain (OPTIONS, operationID, token) and dispatch, independent of
// node:http so the rules read in one place. Business and auth errors are HTTP 200 envelopes.
import { bindStruct, JsonTypeError } from './bind.js';
import { CodeError, argsError, bindError, tokenError } from './errors.js';
import { goJson } from './gojson.js';
import { GoJsonSyntaxError, parseJson } from './json-parse.js';
import type { RouteContext } from './route.js';
import { GET_ROUTES, ROUTES, TOKEN_WHITELIST } from './routes.js';
import { withDoctorPlants } from './doctor-plants.js';

/** The routes as served: with the doctor's plants over their answers (doctor-plants.ts). */
const SERVED = withDoctorPlants(ROUTES);
import type { TokenCheck } from './jwt.js';

export interface GatewayRequest {
  method: string;
  path: string;
  operationID: string;
  token: string;
  body: string;
}

export interface Reply {
  status: number;
  contentType: string;
  body: string;
}

export interface GatewayDeps {
  verify(token: string): TokenCheck;
  context(opUserID: string): RouteContext;
}

const NOT_FOUND: Reply = { status: 404, contentType: 'text/plain', body: '404 page not found' };

function json(value: unknown): Reply {
  return { status: 200, contentType: 'application/json', body: goJson(value) };
}

function envelope(result: unknown): Reply {
  if (result instanceof CodeError) {
    // On error `data` is absent, not null.
    return json({ errCode: result.errCode, errMsg: result.errMsg, errDlt: result.errDlt });
  }
  return json({ errCode: 0, errMsg: '', errDlt: '', data: result });
}

export async function handleRequest(req: GatewayRequest, deps: GatewayDeps): Promise<Reply> {
  if (req.method === 'OPTIONS') return json('Options Request!');
  // GinParseOperationID checks POST only (T:mw/gin.go:51): a GET falls through to the router's 404.
  if (req.method === 'POST' && req.operationID === '') return envelope(argsError('header must have operationID'));
  let opUserID = '';
  // Only POST is token-checked; other methods fall through to the router's 404.
  if (req.method === 'POST' && !TOKEN_WHITELIST.some((prefix) => req.path.startsWith(prefix))) {
    if (req.token === '') return envelope(argsError('header must have token'));
    const check = deps.verify(req.token);
    if (!check.ok) return envelope(tokenError(check.reason, req.token));
    opUserID = check.claims.UserID;
  }
  const route = req.method === 'POST' ? SERVED.get(req.path) : undefined;
  const ctx = deps.context(opUserID);
  // The GET routes (the discovery, §12.14): no operationID, no token, a bare JSON answer.
  const get = req.method === 'GET' ? GET_ROUTES(ctx, req.path) : undefined;
  if (get !== undefined) return json(get);
  if (!route || (route.only !== undefined && route.only !== ctx.generation)) return NOT_FOUND;
  let body;
  try {
    body = bindStruct(parseJson(req.body), route.spec);
  } catch (e) {
    if (e instanceof GoJsonSyntaxError || e instanceof JsonTypeError) {
      const reply = envelope(bindError(e.message, route.handler));
      return route.bindStatus === undefined ? reply : { ...reply, status: route.bindStatus };
    }
    throw e;
  }
  return envelope(await route.run(ctx, body));
}
