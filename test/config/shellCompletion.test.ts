// @module-tag cli
// The completion scripts of the built CLI, each in its real shell: bash (its completion function
// called as bash calls it), fish (`complete -C`), zsh (interactive, in tmux, pressing Tab). The
// scripts reach the CLI as `openim-explorer` on PATH, as when installed, and read the profiles of
// a config file written here.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBCOMMANDS } from '../../src/config/args.js';
import { FLAGS, OUTPUT_FORMATS, type FlagUse } from '../../src/config/flags.js';
import { PAGE_SIZE_STEPS as PAGE_SIZES } from '../../src/domain/paging.js';
import { Terminal, type App } from '../support/tmux.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.cjs');
const tmp = mkdtempSync(join(tmpdir(), 'oie-completion-'));
const bin = join(tmp, 'bin');
const configHome = join(tmp, 'config');
const altConfig = join(tmp, 'alt.json');
const env: NodeJS.ProcessEnv = {
  PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
  HOME: tmp,
  XDG_CONFIG_HOME: configHome,
  LANG: 'C.UTF-8',
  TERM: 'xterm',
};

function installed(shell: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' }).status === 0;
}
/** A shell that is missing skips its tests with the reason in their name, never silently. */
const skipReason = (shell: string): string => (installed(shell) ? '' : ` (SKIPPED: ${shell} is not installed; apt-get install -y ${shell})`);

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('dist/cli.cjs is missing: run npm run build first');
  mkdirSync(bin);
  writeFileSync(join(bin, 'openim-explorer'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(bin, 'openim-explorer'), 0o755);
  mkdirSync(join(configHome, 'openim-explorer'), { recursive: true });
  const profile = { baseUrl: 'http://127.0.0.1:1' };
  writeFileSync(join(configHome, 'openim-explorer', 'config.json'), JSON.stringify({ profiles: { staging: profile, 'prod-eu': profile, lab: profile } }));
  writeFileSync(altConfig, JSON.stringify({ profiles: { other: profile } }));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const PROFILES = ['lab', 'prod-eu', 'staging'];
/** Every completion starts node at least once; a busy 2-core machine makes that slow. */
const SHELL_MS = 60_000;
const COMMANDS = Object.keys(SUBCOMMANDS);
/** The flags the parser's table gives a command, in every spelling: what the scripts must offer. */
function flagWords(use: FlagUse): string[] {
  return Object.entries(FLAGS)
    .filter(([, f]) => (f.use as readonly FlagUse[]).includes(use))
    .flatMap(([name, f]) => [`--${name}`, ...('short' in f ? [`-${f.short}`] : [])]);
}
const sorted = (words: string[]): string[] => [...words].sort();

describe('openim-explorer __complete-profiles', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, '__complete-profiles', ...args], { env, encoding: 'utf8' });

  it('prints the profile names of the config file, sorted, one a line; --config names another file', () => {
    expect(run().stdout).toBe(PROFILES.join('\n') + '\n');
    expect(run('--config', altConfig).stdout).toBe('other\n');
  });

  it('prints nothing, and no error, for a missing or broken file', () => {
    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, '{"profiles": ');
    for (const path of [broken, join(tmp, 'missing.json')]) {
      const r = run('--config', path);
      expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
    }
  });

  it('completion without a known shell is a usage error of one line', () => {
    const r = spawnSync(process.execPath, [CLI, 'completion', 'tcsh'], { env, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('openim-explorer: completion needs one of bash, zsh, fish, e.g. openim-explorer completion bash');
  });
});

describe(`bash${skipReason('bash')}`, () => {
  /** COMPREPLY for these words, the last one being completed, as bash fills COMP_WORDS. */
  let script = '';
  function complete(...words: string[]): string[] {
    if (!script) {
      script = join(tmp, 'completion.bash');
      writeFileSync(script, execFileSync('openim-explorer', ['completion', 'bash'], { env, encoding: 'utf8' }));
    }
    const call = 'source "$0" && COMP_WORDS=("$@") && COMP_CWORD=$(($# - 1)) && _openim_explorer; printf "%s\\n" "${COMPREPLY[@]}"';
    const out = execFileSync('bash', ['--norc', '-c', call, script, 'openim-explorer', ...words], { env, encoding: 'utf8' });
    return out.split('\n').filter(Boolean);
  }

  it.skipIf(!installed('bash'))('completes subcommands, then the flags of each command from the parser table', () => {
    expect(sorted(complete(''))).toEqual(sorted(COMMANDS));
    expect(complete('conv')).toEqual(['conversations']);
    expect(complete('conf')).toEqual(['config-schema']);
    for (const use of ['explore', 'users', 'accounts', 'conversations', 'demo-server'] as const) {
      const words = use === 'explore' ? ['-'] : [use, '-'];
      expect(sorted(complete(...words)), use).toEqual(sorted(flagWords(use)));
    }
    expect(complete('users', '--o')).toEqual(['--output']);
    expect(complete('--o')).toEqual([]); // the explorer has no --output
    expect(complete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
  }, SHELL_MS);

  it.skipIf(!installed('bash'))('completes --output and --page-size values, in each way they are written', () => {
    expect(complete('users', '--output', '')).toEqual([...OUTPUT_FORMATS]);
    expect(complete('users', '-o', 'n')).toEqual(['ndjson']);
    expect(complete('users', '--output', '=', 'cs')).toEqual(['csv']);
    expect(complete('--page-size', '')).toEqual(PAGE_SIZES.map(String));
  }, SHELL_MS);

  it.skipIf(!installed('bash'))('completes --profile from the config file at completion time, or from --config', () => {
    expect(complete('--profile', '')).toEqual(PROFILES);
    expect(complete('users', '--profile', 'st')).toEqual(['staging']);
    expect(complete('--config', altConfig, '--profile', '')).toEqual(['other']);
  }, SHELL_MS);

  it.skipIf(!installed('bash'))('offers nothing for a value of the user\'s own, and skips flag values when finding the command', () => {
    expect(complete('conversations', '--user', '')).toEqual([]);
    const long = flagWords('conversations').filter((w) => w.startsWith('--'));
    expect(sorted(complete('--profile', 'lab', 'conversations', '--'))).toEqual(sorted(long));
  }, SHELL_MS);
});

describe(`fish${skipReason('fish')}`, () => {
  /** `complete -C LINE`: the candidates, without their descriptions. */
  let script = '';
  function complete(line: string): string[] {
    if (!script) {
      script = join(tmp, 'completion.fish');
      writeFileSync(script, execFileSync('openim-explorer', ['completion', 'fish'], { env, encoding: 'utf8' }));
    }
    const out = execFileSync('fish', ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', script, line], { env, encoding: 'utf8' });
    return out.split('\n').filter(Boolean).map((l) => l.split('\t')[0]!);
  }

  it.skipIf(!installed('fish'))('completes subcommands with their descriptions, and each command\'s flags', () => {
    expect(sorted(complete('openim-explorer '))).toEqual(sorted(COMMANDS));
    expect(complete('openim-explorer users --o')).toEqual(['--output']);
    expect(complete('openim-explorer --o')).toEqual([]);
    expect(sorted(complete('openim-explorer accounts --'))).toEqual(sorted(flagWords('accounts').filter((w) => w.startsWith('--'))));
  }, SHELL_MS);

  it.skipIf(!installed('fish'))('completes --output values and --profile names from the config file', () => {
    expect(sorted(complete('openim-explorer users --output '))).toEqual(sorted([...OUTPUT_FORMATS]));
    expect(complete('openim-explorer users --output=nd')).toEqual(['--output=ndjson']);
    expect(complete('openim-explorer --profile ')).toEqual(PROFILES);
    expect(complete(`openim-explorer --config ${altConfig} --profile `)).toEqual(['other']);
  }, SHELL_MS);
});

describe(`zsh, interactive in tmux${skipReason('zsh')}${installed('tmux') ? '' : ' (SKIPPED: tmux is not installed)'}`, () => {
  let zsh: App | undefined;
  async function waitFor(test: (s: string) => boolean, what: string): Promise<string> {
    return zsh!.waitFor(test).catch((error: unknown) => {
      throw new Error(`zsh never showed ${what}: ${String(error)}`);
    });
  }
  /** Clears the line and the screen, types `line`, presses Tab and waits for what should show. */
  async function tab(line: string, test: (s: string) => boolean, what: string): Promise<string> {
    zsh!.send('C-u', 'C-l');
    await waitFor((s) => s.trim() === '%', 'an empty prompt');
    zsh!.type(line);
    await waitFor((s) => s.includes(line.trimEnd()), line);
    zsh!.send('Tab');
    return waitFor(test, what);
  }
  function stop(): void {
    zsh?.kill();
    zsh = undefined;
  }
  /** Starts zsh with the script installed one way or the other. */
  async function startZsh(install: 'fpath' | 'source'): Promise<void> {
    stop();
    const dir = join(tmp, `zsh-${install}`);
    mkdirSync(join(dir, 'functions'), { recursive: true });
    writeFileSync(join(dir, 'functions', '_openim-explorer'), execFileSync('openim-explorer', ['completion', 'zsh'], { env, encoding: 'utf8' }));
    const rc =
      install === 'fpath'
        ? `fpath=(${join(dir, 'functions')} $fpath)\nautoload -Uz compinit && compinit -u -d ${join(dir, 'dump')}\n`
        : `autoload -Uz compinit && compinit -u -d ${join(dir, 'dump')}\nsource <(openim-explorer completion zsh)\n`;
    writeFileSync(join(dir, '.zshrc'), `${rc}PROMPT='%% '\n`);
    // Only these variables (and tmux's own), as `env -i` would give.
    const vars = Object.fromEntries(Object.entries({ ...env, ZDOTDIR: dir }).filter((e): e is [string, string] => e[1] !== undefined));
    zsh = new Terminal('zsh -i', {}, { cols: 120, rows: 30, env: vars });
    await waitFor((s) => s.trim() === '%', 'its prompt');
  }
  const enabled = installed('zsh') && installed('tmux');

  afterAll(stop);

  it.skipIf(!enabled)('installed in $fpath: completes commands, flags, --output values and --profile names', async () => {
    await startZsh('fpath');
    const commands = await tab('openim-explorer ', (s) => s.includes('demo-server'), 'the commands');
    expect(commands).toMatch(/users\s+-- print registered users/);
    await tab('openim-explorer users --outp', (s) => s.includes('--output='), '--output= completed');
    const formats = await tab('openim-explorer users --output=', (s) => /csv\s+json\s+ndjson\s+table/.test(s), 'the formats');
    expect(formats).toContain('--output=');
    await tab('openim-explorer --profile ', (s) => PROFILES.every((p) => s.includes(p)), 'the profiles');
    await tab('openim-explorer --profile st', (s) => s.includes('--profile staging'), 'staging completed');
  }, SHELL_MS);

  it.skipIf(!enabled)('sourced from .zshrc: completes the same', async () => {
    await startZsh('source');
    await tab('openim-explorer demo-server --p', (s) => s.includes('--port='), '--port= completed');
    await tab('openim-explorer --config ' + altConfig + ' --profile ', (s) => s.includes('--profile other'), 'the other file\'s profile');
  }, SHELL_MS);
});
