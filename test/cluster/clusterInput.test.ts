// What the cluster takes from the command line and the config file, checked before anything is
// sent: `cluster`'s flags, `--metrics` as host:port, the profile's `metrics`, the demo's
// `--discovery`; and a target as the server lists it, checked the same way (api/clusterGet.ts).
import { describe, expect, it } from 'vitest';
import { parseTarget, parseDiscovery } from '../../src/api/clusterGet.js';
import { parseCliArgs, UsageError } from '../../src/config/args.js';
import { validateConfig } from '../../src/config/validate.js';
import { KEYMAP_VOCABULARY } from '../../src/keys/effective.js';
import { scriptOptions } from '../support/scriptOptions.js';

const parse = (argv: string[]) => parseCliArgs(argv, {});
const refused = (argv: string[]): string => {
  try {
    parse(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('cluster on the command line', () => {
  it('is a command of its own, with -o, --watch and --metrics', () => {
    const options = parse(['cluster', '-o', 'table', '--metrics', '10.0.0.5:12140, [fd00::1]:12320,gw.local:1']);
    expect(options).toMatchObject({ command: 'cluster', clusterOutput: 'table', metrics: ['10.0.0.5:12140', '[fd00::1]:12320', 'gw.local:1'] });
    expect(parse(['cluster', '--watch', '5'])).toMatchObject({ command: 'cluster', watchMs: 5000 });
    expect(parse(['--demo', '--discovery', 'none'])).toMatchObject({ demoDiscovery: 'none' });
  });

  it('refuses in words what it cannot use', () => {
    expect(refused(['cluster', '-o', 'csv'])).toBe('cluster --output must be json, ndjson or table, got "csv"');
    expect(refused(['cluster', '--watch', '5', '-o', 'json'])).toBe('--watch prints NDJSON rates; --output json does not go with it');
    expect(refused(['cluster', '--page', '2'])).toBe('--page does not go with cluster');
    expect(refused(['cluster', '--metrics', 'http://x:1/metrics'])).toBe('--metrics: "http://x:1/metrics" is not host:port (e.g. 10.0.0.5:12140)');
    expect(refused(['cluster', '--metrics', 'x:70000'])).toMatch(/is not host:port/);
    expect(refused(['users', '--metrics', 'x:1'])).toBe('--metrics goes with cluster (or the explorer), not a list');
    expect(refused(['--demo', '--discovery', 'consul'])).toBe('--discovery must be etcd or none, got "consul"');
    expect(refused(['cluster', '--discovery', 'none'])).toBe("--discovery is the demo's: it goes with --demo or demo-server");
    expect(parse(['demo-server', '--discovery', 'none'])).toMatchObject({ command: 'demo-server', demoDiscovery: 'none' });
  });
});

describe("the profile's metrics", () => {
  const file = (metrics: unknown) => ({ profiles: { k8s: { baseUrl: 'http://10.0.0.1:10002', metrics } } });
  it('takes a list of host:port', () => {
    expect(validateConfig(file(['10.0.0.5:12140', 'user-rpc:12320']), KEYMAP_VOCABULARY)).toMatchObject({ ok: true });
  });
  it('refuses anything else, saying where', () => {
    const bad = validateConfig(file(['10.0.0.5:12140', 'http://evil/metrics']), KEYMAP_VOCABULARY);
    expect(bad.ok).toBe(false);
    expect(JSON.stringify(bad)).toMatch(/metrics.*host:port/);
    expect(validateConfig(file([]), KEYMAP_VOCABULARY).ok).toBe(false);
    expect(validateConfig(file('10.0.0.5:1'), KEYMAP_VOCABULARY).ok).toBe(false);
  });
  it('--metrics wins over the profile', () => {
    expect(scriptOptions(['cluster', '--metrics', 'a:1'], {}).metrics).toEqual(['a:1']);
  });
});

describe('a target as the server lists it', () => {
  it('is host:port and nothing more', () => {
    expect(parseTarget('127.0.0.1:12140')).toEqual({ host: '127.0.0.1', port: 12140, address: '127.0.0.1:12140' });
    expect(parseTarget('[::1]:9')).toEqual({ host: '::1', port: 9, address: '[::1]:9' });
    expect(parseTarget('msg-gateway-0.openim.svc:12140')?.address).toBe('msg-gateway-0.openim.svc:12140');
    for (const bad of ['', ':1', 'host', 'host:0', 'host:65536', 'http://h:1', 'u@h:1', 'h:1/metrics', 'h :1', '999.1.1.1:1', '1.2.3:4', '-h:1', 'h\u001b[2J:1', '[zz::1]:1', 'a'.repeat(400) + ':1']) {
      expect(parseTarget(bad), bad).toBeUndefined();
    }
  });

  it('a discovery answer is read strictly: an array of groups with targets', () => {
    expect(parseDiscovery('[]')).toEqual({ kind: 'empty' });
    expect(parseDiscovery('[{"targets":["a:1","a:1","b:2"],"labels":{"namespace":"default"}}]')).toMatchObject({ kind: 'targets', refused: 0, targets: [{ address: 'a:1' }, { address: 'b:2' }] });
    expect(parseDiscovery('{"errCode":500,"errMsg":"x"}')).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/errCode 500/) as unknown });
    expect(parseDiscovery('[{"targets":"a:1"}, null, 3]')).toMatchObject({ kind: 'targets', refused: 3, targets: [] });
  });
});
