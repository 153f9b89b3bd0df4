// The `:` commands, one table (src/keys/commands.ts): what each line does to the store, and what a
// line it refuses says. The store is a recording stand-in: only the actions a command calls.
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { COMMAND_LINE, COMMANDS } from '../../src/keys/commands.js';
import type { AppActions } from '../../src/store/actions.js';
import type { AppState } from '../../src/store/types.js';

function recording() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  const actions = Object.fromEntries(
    ['goTo', 'pickUser', 'goToPage', 'switchProfile', 'sortPage', 'toggleColumn', 'openHelp', 'quit', 'openCluster'].map((n) => [n, vi.fn(record(n))]),
  );
  const store = createStore(() => actions as unknown as AppState & AppActions);
  return { calls, run: (line: string) => COMMAND_LINE.run(line, store) };
}

describe('the : commands', () => {
  it.each([
    [':users', ['goTo', 'users']],
    ['u', ['goTo', 'users']],
    ['accounts', ['goTo', 'accounts']],
    ['sys', ['goTo', 'accounts']],
    ['ac', ['goTo', 'accounts']],
    ['user user_000001', ['pickUser', 'user_000001']],
    ['page 12', ['goToPage', 12]],
    ['p 3', ['goToPage', 3]],
    ['profile prod-eu', ['switchProfile', 'prod-eu']],
    ['sort createTime', ['sortPage', 'createTime', false]],
    ['sort -createTime', ['sortPage', 'createTime', true]],
    ['sort', ['sortPage', undefined, false]],
    ['columns msgInfo.sendID', ['toggleColumn', 'msgInfo.sendID']],
    ['help', ['openHelp']],
    ['cluster', ['openCluster', undefined]],
    ['cluster 5s', ['openCluster', 5000]],
    ['cluster 30', ['openCluster', 30000]],
    ['q', ['quit']],
    ['quit', ['quit']],
  ])('%s runs %j', (line, call) => {
    expect(COMMAND_LINE.problem(line)).toBeUndefined();
    const { calls, run } = recording();
    run(line);
    expect(calls).toEqual([call]);
  });

  it.each([
    ['', 'type a command'],
    ['frob', 'unknown command: frob (try users, accounts, status, messages, groups, doctor, pulse, top-groups, user, page, seq, profile, sort, columns, log, trace, cluster, help, quit)'],
    ['us', 'unknown command: us (try users, accounts, status, messages, groups, doctor, pulse, top-groups, user, page, seq, profile, sort, columns, log, trace, cluster, help, quit)'],
    ['user', 'usage: :user <userID>'],
    ['page 0', 'usage: :page <number from 1>'],
    ['page two', 'usage: :page <number from 1>'],
    ['profile', 'usage: :profile <name>'],
    ['sort a b', "usage: :sort FIELD (largest first: :sort -FIELD; the server's order: :sort)"],
    ['columns', 'usage: :columns FIELD (hides its column, or shows it again)'],
    ['cluster 0s', 'usage: :cluster [SECONDS, e.g. 5s] (from 1 to 3600 s; default 15)'],
    ['cluster soon', 'usage: :cluster [SECONDS, e.g. 5s] (from 1 to 3600 s; default 15)'],
  ])('refuses %j: %s, and runs nothing', (line, problem) => {
    expect(COMMAND_LINE.problem(line)).toBe(problem);
    const { calls, run } = recording();
    run(line);
    expect(calls).toEqual([]);
  });

  it('refuses a user ID no server has, in words', () => {
    expect(COMMAND_LINE.problem('user a\u200bb')).toMatch(/user ID/);
  });

  it('gives Tab every command once, with what its argument is', () => {
    expect(COMMAND_LINE.words.map((w) => w.name)).toEqual(COMMANDS.map((c) => c.name));
    expect(new Set(COMMAND_LINE.words.map((w) => w.name)).size).toBe(COMMANDS.length);
    expect(COMMAND_LINE.resolve('col')).toEqual({ name: 'columns', argument: 'field' });
    expect(COMMAND_LINE.resolve('q!')).toEqual({ name: 'quit', argument: 'none' });
  });
});
