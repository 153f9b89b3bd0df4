// The figures over samples: sums over the services that count them only (main exposes every
// metric everywhere), rates per minute from counter deltas, a counter going back as a restart
// mark and never a negative rate, the declared-only counter never counted, the sparkline.
import { describe, expect, it } from 'vitest';
import { CLUSTER_FIGURES, instanceValues } from '../../src/domain/clusterFigures.js';
import { sparkline } from '../../src/domain/sparkline.js';
import { addSample, figurePoint, type ClusterSample, type InstanceSample } from '../../src/domain/clusterRates.js';
import { parseExposition } from '../../src/domain/exposition.js';

const figure = (key: string) => CLUSTER_FIGURES.find((f) => f.key === key)!;

function instance(service: InstanceSample['service'], address: string, page: string, up = true): InstanceSample {
  return { service, address, up, ...instanceValues(parseExposition(page).samples), skipped: 0, truncated: false };
}
const sample = (at: number, instances: InstanceSample[]): ClusterSample => ({ at, services: [], instances, source: 'discovery' });

describe('the cluster figures', () => {
  it('online users is the sum over the gateways only, even where every process exposes the gauge (main)', () => {
    const s = sample(0, [
      instance('msg_gateway', 'g1:1', 'online_user_num 140'),
      instance('msg_gateway', 'g2:1', 'online_user_num 210'),
      instance('msg_gateway', 'g3:1', '', false),
      // On main the user service carries the gauge too: never summed.
      instance('user', 'u:1', 'online_user_num 999\nuser_register_total 5'),
    ]);
    expect(figurePoint(figure('online'), s, undefined)).toMatchObject({ value: 350, perMinute: null });
    expect(figurePoint(figure('registered'), s, undefined).value).toBe(5);
    // Nothing that counts it was read: unknown, not 0.
    expect(figurePoint(figure('offlinePushFailed'), s, undefined).value).toBeNull();
  });

  it('a counter reads as a rate per minute from the last two samples', () => {
    const a = sample(0, [instance('push', 'p1:1', 'msg_offline_push_failed_total 10'), instance('push', 'p2:1', 'msg_offline_push_failed_total 5')]);
    const b = sample(30_000, [instance('push', 'p1:1', 'msg_offline_push_failed_total 40'), instance('push', 'p2:1', 'msg_offline_push_failed_total 5')]);
    expect(figurePoint(figure('offlinePushFailed'), b, a)).toMatchObject({ value: 45, perMinute: 60, restart: false });
  });

  it('a counter that went back is a restart mark, counted from 0, never a negative rate', () => {
    const a = sample(0, [instance('msg_transfer', 't1:1', 'msg_insert_mongo_success_total 1000'), instance('msg_transfer', 't2:1', 'msg_insert_mongo_success_total 10')]);
    const b = sample(60_000, [instance('msg_transfer', 't1:1', 'msg_insert_mongo_success_total 4'), instance('msg_transfer', 't2:1', 'msg_insert_mongo_success_total 20')]);
    const point = figurePoint(figure('mongoOk'), b, a);
    expect(point.restart).toBe(true);
    expect(point.perMinute).toBe(14);
  });

  it('api answers are split by errCode, a code first seen counted from 0', () => {
    const a = sample(0, [instance('api', 'a:1', 'api_count{code="0",path="/x",method="POST"} 10')]);
    const b = sample(60_000, [instance('api', 'a:1', 'api_count{code="0",path="/x",method="POST"} 16\napi_count{code="1001",path="/x",method="POST"} 2\napi_count{code="0",path="/y",method="POST"} 1')]);
    const point = figurePoint(figure('apiCodes'), b, a);
    expect(point.parts).toEqual({ '0': { value: 17, perMinute: 7 }, '1001': { value: 2, perMinute: 2 } });
  });

  it('the Redis counters, declared and never incremented, are marked so and kept out of the sums shown', () => {
    const redis = figure('redisInsert');
    expect(redis.declaredOnly).toBe(true);
    const series = addSample(undefined, sample(0, [instance('msg_transfer', 't:1', 'msg_insert_redis_failed_total 0')]), undefined);
    expect(series.find((s) => s.figure.key === 'redisInsert')).toBeDefined();
  });

  it('user_login_total is said to count admin tokens, not user logins', () => {
    expect(figure('adminTokens').metrics).toEqual(['user_login_total']);
    expect(figure('adminTokens').release).toMatch(/admin tokens/);
    expect(figure('adminTokens').release).toMatch(/not count user logins/);
  });

  it('keeps at most 240 points per figure', () => {
    let series = addSample(undefined, sample(0, []), undefined);
    let previous = sample(0, []);
    for (let i = 1; i < 300; i++) {
      const next = sample(i * 1000, []);
      series = addSample(series, next, previous);
      previous = next;
    }
    expect(series[0]!.points).toHaveLength(240);
  });

  it('draws a sparkline on its own range, blanks for the unknown, the last points when wider than the space', () => {
    const steps = ['_', '.', '-', '#'];
    expect(sparkline([0, 1, 2, 3], steps, 'range', 10)).toBe('_.-#');
    expect(sparkline([null, 5, 5], steps, 'range', 10)).toBe(' ##');
    expect(sparkline([0, 0], steps, 'range', 10)).toBe('__');
    expect(sparkline([9, 0, 3], steps, 'range', 2)).toBe('_#');
    expect(sparkline([null], steps, 'range', 5)).toBe('');
  });
});
