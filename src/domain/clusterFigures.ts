// The cluster screen's figures, each defined once (contract §12.15): which metrics, read on which
// services' instances, summed how, and what they count in words per server generation. The
// screen, `cluster -o json` and docs/what-it-shows.md iterate this table.
import type { ClusterService } from '../api/clusterGet.js';
import type { Sample } from './exposition.js';

export interface ClusterFigure {
  key: string;
  /** On the screen, short. */
  label: string;
  /** Summed over every label set and every instance of `services`. */
  metrics: readonly string[];
  /** The processes that count it (on main every process exposes every metric: only these are summed). */
  services: readonly ClusterService[];
  /** A gauge is shown as it is now; a counter as a rate per minute. */
  type: 'gauge' | 'counter';
  /** What it counts on the release (v3.8.3-patch.16). */
  release: string;
  /** What it counts on main, when it differs. */
  main?: string;
  /** Split by this label's values (api_count by errCode). */
  byLabel?: string;
  /** Declared by the server but never incremented: never shown as a count (it would read "0 failures"). */
  declaredOnly?: true;
}

export const CLUSTER_FIGURES: readonly ClusterFigure[] = [
  {
    key: 'online',
    label: 'online users',
    metrics: ['online_user_num'],
    services: ['msg_gateway'],
    type: 'gauge',
    release: 'users connected now: online_user_num summed over the msg_gateway instances (each counts the distinct users connected to it)',
    main: 'the same; every process exposes online_user_num on main (0 beyond the gateways), and only the gateways are summed',
  },
  {
    key: 'singleOk',
    label: 'single chat sent',
    metrics: ['single_chat_msg_process_success_total'],
    services: ['msg'],
    type: 'counter',
    release: 'single-chat messages the msg service passed to the queue',
  },
  {
    key: 'singleFailed',
    label: 'single chat failed',
    metrics: ['single_chat_msg_process_failed_total'],
    services: ['msg'],
    type: 'counter',
    release: 'single-chat sends the msg service refused or could not queue',
  },
  {
    key: 'groupOk',
    label: 'group chat sent',
    metrics: ['group_chat_msg_process_success_total'],
    services: ['msg'],
    type: 'counter',
    release: 'group messages the msg service passed to the queue',
  },
  {
    key: 'groupFailed',
    label: 'group chat failed',
    metrics: ['group_chat_msg_process_failed_total'],
    services: ['msg', 'push'],
    type: 'counter',
    release: 'group sends the msg service refused or could not queue (push counts its own failures too but does not expose them on the release)',
    main: "the msg service's failures and the push service's (main exposes both)",
  },
  {
    key: 'offlinePushFailed',
    label: 'offline push failed',
    metrics: ['msg_offline_push_failed_total'],
    services: ['push'],
    type: 'counter',
    release: 'offline pushes (to the phone vendors) that failed',
  },
  {
    key: 'latePush',
    label: 'pushed after 10 s',
    metrics: ['msg_long_time_push_total'],
    services: ['push'],
    type: 'counter',
    release: 'messages pushed more than 10 s after their send time',
  },
  {
    key: 'mongoOk',
    label: 'Mongo inserts',
    metrics: ['msg_insert_mongo_success_total'],
    services: ['msg_transfer'],
    type: 'counter',
    release: "Mongo writes by msg_transfer, one per batch of a conversation's messages",
  },
  {
    key: 'mongoFailed',
    label: 'Mongo inserts failed',
    metrics: ['msg_insert_mongo_failed_total'],
    services: ['msg_transfer'],
    type: 'counter',
    release: "failed Mongo writes by msg_transfer (one per batch): those messages are in Redis but not stored",
  },
  {
    key: 'seqFailed',
    label: 'read-seq writes failed',
    metrics: ['seq_set_failed_total'],
    services: ['msg_transfer'],
    type: 'counter',
    release: "failed writes of the senders' has-read seqs after a batch is cached (not seq allocation)",
  },
  {
    key: 'redisInsert',
    label: 'Redis inserts',
    metrics: ['msg_insert_redis_success_total', 'msg_insert_redis_failed_total'],
    services: ['msg_transfer'],
    type: 'counter',
    release: 'declared by the server but never incremented: it stays 0 whatever happens, so it is not shown as a count',
    declaredOnly: true,
  },
  {
    key: 'registered',
    label: 'users registered',
    metrics: ['user_register_total'],
    services: ['user'],
    type: 'counter',
    release: 'users created by user_register',
  },
  {
    key: 'adminTokens',
    label: 'admin tokens issued',
    metrics: ['user_login_total'],
    services: ['auth'],
    type: 'counter',
    release: 'admin tokens issued (get_admin_token): despite its name, user_login_total does not count user logins',
  },
  {
    key: 'apiCodes',
    label: 'API answers by code',
    metrics: ['api_count'],
    services: ['api'],
    type: 'counter',
    byLabel: 'code',
    release: "the API's answers written through apiresp, by errCode (0 = success); labelled counters appear after their first answer",
  },
];

/** Every metric a figure names: all that is kept of an instance's page. */
export const FIGURE_METRICS: ReadonlySet<string> = new Set(CLUSTER_FIGURES.flatMap((f) => f.metrics));

/** What one instance's page says of the figures: a metric's sum over its label sets, and the split ones by label value. */
export interface InstanceValues {
  values: Record<string, number>;
  split: Record<string, Record<string, number>>;
}

const SPLIT = new Map(CLUSTER_FIGURES.filter((f) => f.byLabel !== undefined).flatMap((f) => f.metrics.map((m) => [m, f.byLabel!] as const)));
/** Keys kept of a split metric; the rest are summed as "other" (a hostile page may invent any number). */
const MAX_SPLIT = 24;

/** Reduces a parsed page to what the figures read. Non-finite values are left out. */
export function instanceValues(samples: readonly Sample[]): InstanceValues {
  const values: Record<string, number> = Object.create(null) as Record<string, number>;
  const split: Record<string, Record<string, number>> = Object.create(null) as Record<string, Record<string, number>>;
  for (const sample of samples) {
    if (!FIGURE_METRICS.has(sample.name) || !Number.isFinite(sample.value)) continue;
    values[sample.name] = (values[sample.name] ?? 0) + sample.value;
    const label = SPLIT.get(sample.name);
    if (label === undefined) continue;
    const parts = (split[sample.name] ??= Object.create(null) as Record<string, number>);
    let key = (sample.labels[label] ?? '').slice(0, 16);
    if (!(key in parts) && Object.keys(parts).length >= MAX_SPLIT) key = 'other';
    parts[key] = (parts[key] ?? 0) + sample.value;
  }
  return { values, split };
}

/** Where an instance was found: a discovery route's service, or a target given without one (profile, --metrics). */
export type InstanceService = ClusterService | 'given';

/** Whether an instance's page counts toward a figure: its service does, or nobody said what it is. */
export function countsToward(figure: ClusterFigure, service: InstanceService): boolean {
  return service === 'given' || figure.services.includes(service);
}
