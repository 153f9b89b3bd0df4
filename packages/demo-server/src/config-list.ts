// /config/get_config_list: main's only route that says the server's version (contract §12.16).
// Admin only (the /config group's middleware, S@main:internal/api/router.go:333-334); the body is
// ignored. The release has no /config route: 404, as any unknown path (§5.5). main's
// /config/get_config answers a config file with its secrets: the demo serves no such route.
import { noPermission } from './errors.js';
import type { Route } from './route.js';

/** The files main's config manager lists (S@main:pkg/common/config/config.go:834-859) [derived: the 22 of main's config/]. */
const CONFIG_NAMES = [
  'discovery.yml', 'kafka.yml', 'local-cache.yml', 'log.yml', 'minio.yml', 'mongodb.yml', 'notification.yml', 'openim-api.yml',
  'openim-crontask.yml', 'openim-msggateway.yml', 'openim-msgtransfer.yml', 'openim-push.yml', 'openim-rpc-auth.yml',
  'openim-rpc-conversation.yml', 'openim-rpc-friend.yml', 'openim-rpc-group.yml', 'openim-rpc-msg.yml', 'openim-rpc-third.yml',
  'openim-rpc-user.yml', 'redis.yml', 'share.yml', 'webhooks.yml',
] as const;

export const getConfigList: Route = {
  only: 'main',
  // [derived] the handler's frame in S@main:internal/api/config_manager.go; only bind errors show it.
  handler: 'api.(*ConfigManager).GetConfigList() /openim-server/internal/api/config_manager.go:72',
  spec: { goType: 'struct {}', fields: {} },
  run(ctx) {
    if (ctx.opUserID !== ctx.world.adminUserID) return noPermission(`user ${ctx.opUserID} is not admin userID`);
    // `version` is main's embedded version/version file (S@main:version/version.go:8-14).
    return { environment: 'source', version: 'main', configNames: CONFIG_NAMES };
  },
};
