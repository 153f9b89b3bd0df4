// The keys in force: the config file's `keys` replace an action's keys in every scope it has, and
// what cannot work (unknown action or key, one key for two actions where both apply) is refused.
import { describe, expect, it } from 'vitest';
import { BINDINGS, type Binding } from '../../src/keys/bindings.js';
import { effectiveBindings, type KeyOverrides } from '../../src/keys/effective.js';
import { DEFAULT_KEYS, scopesFor, type KeysInForce } from '../../src/keys/keymap.js';
import { DEFAULT_SESSION, makeSession } from '../../src/keys/session.js';
import { LISTS } from '../../src/lists/registry.js';
import { BODY_SCREEN_NAMES } from '../../src/store/bodyScreens.js';
import { helpEntries } from '../../src/keys/help.js';
import { keysTableMarkdown } from '../../scripts/keysTable.js';
import { isBindableKey } from '../../src/keys/normalize.js';
import { adviceKeys, describeFailure } from '../../src/components/failureText.js';
import { NetworkError } from '../../src/api/errors.js';

const table = BINDINGS as readonly Binding[];
const keysOf = (bindings: readonly Binding[], action: string) => bindings.filter((b) => b.action === action).map((b) => b.keys);

describe('effectiveBindings', () => {
  it('leaves the defaults alone without overrides, and the defaults have no clash', () => {
    const { bindings, problems } = effectiveBindings({});
    expect(problems).toEqual([]);
    expect(bindings.map((b) => b.keys)).toEqual(table.map((b) => b.keys));
  });

  it("replaces an action's keys, in every scope it has", () => {
    const { bindings, problems } = effectiveBindings({ nextPage: ['x', 'ctrl+f'], search: ['S'] });
    expect(problems).toEqual([]);
    expect(keysOf(bindings, 'nextPage')).toEqual([['x', 'ctrl+f']]);
    expect(keysOf(bindings, 'search')).toEqual(keysOf(table, 'search').map(() => ['S']));
    expect(keysOf(bindings, 'prevPage')).toEqual(keysOf(table, 'prevPage'));
  });

  it("rebinds a prompt's keys: editing, accept and cancel, Alt-keys included", () => {
    const { bindings, problems } = effectiveBindings({ lineStart: ['ctrl+o'], wordLeft: ['alt+h'], promptAccept: ['ctrl+g'], promptCancel: ['ctrl+x'] });
    expect(problems).toEqual([]);
    expect(keysOf(bindings, 'lineStart')).toEqual([['ctrl+o']]);
    expect(keysOf(bindings, 'wordLeft')).toEqual([['alt+h']]);
    expect(keysOf(bindings, 'promptAccept')).toEqual([['ctrl+g']]);
  });

  it('refuses, in words, a prompt key that is a character it types, and a clash inside the prompt', () => {
    expect(effectiveBindings({ promptAccept: ['x', 'ctrl+g'] }).problems).toEqual([
      'promptAccept: "x" would no longer type in a prompt; give a ctrl+ or alt+ key or a named key such as enter',
    ]);
    expect(effectiveBindings({ killToSpace: ['ctrl+a'] }).problems).toEqual(['key "ctrl+a" is bound to both killToSpace and lineStart']);
    // A prompt's keys apply alone: Ctrl-O in a prompt and on a list is no clash; Alt-keys stay the prompt's.
    expect(effectiveBindings({ lineStart: ['ctrl+o'], reload: ['ctrl+o'] }).problems).toEqual([]);
    expect(effectiveBindings({ reload: ['alt+h'] }).problems).toHaveLength(1);
    expect(effectiveBindings({ wordLeft: ['alt+ctrl+w'] }).problems[0]).toContain('wordLeft: unknown key "alt+ctrl+w"');
  });

  it('keeps Ctrl-C on quit, which quits anywhere', () => {
    expect(keysOf(effectiveBindings({ quit: ['Q'] }).bindings, 'quit')).toEqual([['Q', 'ctrl+c']]);
  });

  it('refuses an unknown action, naming it and the actions there are', () => {
    const { problems } = effectiveBindings({ nextPag: ['x'] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe('unknown action "nextPag" (did you mean nextPage?) (help, ?, names each action in brackets)');
  });

  it.each([['ctrl-f'], ['F1'], ['xy'], ['ctrl+c'], ['alt+x'], ['']])('refuses the unknown key %j', (key) => {
    const { problems } = effectiveBindings({ nextPage: [key] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`nextPage: unknown key ${JSON.stringify(key)}`);
  });

  it('refuses no keys at all', () => {
    expect(effectiveBindings({ reload: [] }).problems).toEqual(['reload: give at least one key']);
  });

  it('refuses a key bound to two actions of one scope, and of scopes that apply together', () => {
    expect(effectiveBindings({ nextPage: ['j'] }).problems).toEqual(['key "j" is bound to both down and nextPage']);
    // The list's x and the global quit both apply on every list.
    expect(effectiveBindings({ reload: ['q'] }).problems).toEqual(['key "q" is bound to both quit and reload']);
    // Help's keys apply alone: j in help and on a list is no clash.
    expect(effectiveBindings({ helpDown: ['x'], reload: ['x'] }).problems).toEqual([]);
  });

  it.each(BODY_SCREEN_NAMES)('refuses a key bound to two actions of the screen over the body %s', (name) => {
    const [first, second] = table.filter((b) => b.scope === name);
    const key = first!.keys[0]!;
    const pair = [first!.action, second!.action].sort();
    expect(effectiveBindings({ [second!.action]: [key] }).problems).toEqual([`key ${JSON.stringify(key)} is bound to both ${pair[0]} and ${pair[1]}`]);
  });

  it("checks a list's own keys against the keys of its screen: a tab's against the user screen's", () => {
    expect(effectiveBindings({ conversationFilter: ['1'] }).problems).toEqual(['key "1" is bound to both conversationFilter and tab1']);
    expect(effectiveBindings({ search: ['o'] }).problems).toEqual(['key "o" is bound to both openUser and search']);
    // The users' search and the conversations tab's filter never apply together.
    expect(effectiveBindings({ search: ['c'] }).problems).toEqual([]);
  });

  it('keeps what is by design: the full-screen detail over the list (n, /, g)', () => {
    expect(effectiveBindings({ nextMatch: ['n'] }).problems).toEqual([]);
  });
});

describe('isBindableKey', () => {
  it('knows the names normalize produces', () => {
    for (const key of ['x', 'G', ' ', '?', 'é', 'enter', 'escape', 'tab', 'shift+tab', 'pagedown', 'home', 'ctrl+f', 'ctrl+a']) {
      expect(isBindableKey(key), key).toBe(true);
    }
    for (const key of ['ctrl+h', 'ctrl+i', 'ctrl+m', 'ctrl+l', 'ctrl+z', 'ctrl+c', 'alt+b', 'F5', 'space', 'Enter']) {
      expect(isBindableKey(key), key).toBe(false);
    }
  });
});

describe('a session with the config file\'s keys', () => {
  const keysWith = (overrides: KeyOverrides) => makeSession({ keys: overrides, where: 'test' }).keys;

  it('puts the rebound table in force for lookups, the footer and help; README keeps the defaults', () => {
    const readme = keysTableMarkdown();
    const keys = keysWith({ nextPage: ['x', 'ctrl+f'] });
    const scopes = scopesFor('users');
    expect(keys.bindingFor('x', scopes)?.action).toBe('nextPage');
    expect(keys.bindingFor('ctrl+f', scopes)?.action).toBe('nextPage');
    expect(keys.bindingFor('n', scopes)).toBeUndefined();
    expect(keys.hintsFor(scopes)).toContain('x/p page');
    expect(helpEntries(keys).find((e) => e.action === 'nextPage')?.keys).toBe('x Ctrl-F');
    expect(keysTableMarkdown()).toBe(readme);
    // Another session (the defaults) is untouched by this one.
    expect(DEFAULT_SESSION.keys.bindingFor('n', scopes)?.action).toBe('nextPage');
  });

  it('the footer names the keys in force: a rebound action, its partner, Esc', () => {
    const hints = keysWith({ nextPage: ['x'], up: ['i'], back: ['ctrl+b', 'escape'] }).hintsFor(scopesFor('users'));
    expect(hints).toContain('x/p page');
    expect(hints).toContain('j/i move');
    expect(hints).toContain('Ctrl-B back');
    // In the full-screen detail n is the search's: paging names the next rank that reaches it.
    expect(keysWith({ prevPage: ['P', 'pageup', 'z'] }).hintsFor(scopesFor('users', undefined, true, true))).toContain(']/z page');
  });

  it("rebinds a list's own key on its screen: the key, the footer and help follow", () => {
    const keys = keysWith({ conversationFilter: ['x'] });
    const tab = scopesFor('user', 'conversations');
    expect(keys.bindingFor('x', tab)?.action).toBe('conversationFilter');
    expect(keys.bindingFor('c', tab)).toBeUndefined();
    expect(keys.hintsFor(tab)).toContain('x IDs');
    expect(keys.hintsFor(scopesFor('user', 'blacklist'))).not.toContain('x IDs');
    expect(helpEntries(keys).find((e) => e.action === 'conversationFilter')).toMatchObject({ group: 'Conversations tab', keys: 'x' });
  });

  it('rebinding search: the empty list, the failed search and help name the key in force', () => {
    const words = (keys: KeysInForce, kind: 'users' | 'accounts') => ({ search: keys.keyFor('search', kind), back: keys.keyName('back') });
    expect(LISTS.users.emptyText({ search: 'zz', regex: false }, words(DEFAULT_KEYS, 'users'))).toContain('(s to search again, Esc for all users)');
    const keys = keysWith({ search: ['S'], userPicker: ['U'], back: ['ctrl+b'] });
    expect(LISTS.users.emptyText({ search: 'zz', regex: false }, words(keys, 'users'))).toContain('(S to search again, Ctrl-B for all users)');
    expect(LISTS.accounts.emptyText({ keyword: 'zz' }, words(keys, 'accounts'))).toContain('(S to search again, Ctrl-B for all)');
    expect(helpEntries(keys).find((e) => e.description === 'a character left')?.group).toBe('In a prompt (U : / S c)');
  });

  it("a failure's advice names the keys in force: a rebound reload retries", () => {
    const refused = new NetworkError('refused', 'connect ECONNREFUSED', { operation: 'getUsers', operationID: 'op1' });
    expect(describeFailure(refused, adviceKeys(DEFAULT_KEYS)).hint).toBe('r to retry');
    expect(describeFailure(refused, adviceKeys(keysWith({ reload: ['R'] }))).hint).toBe('R to retry');
  });

  it('refuses in one line naming the file and every problem', () => {
    expect(() => makeSession({ keys: { nope: ['x'], reload: ['F1'] }, where: '/tmp/c.json' })).toThrow(
      /^\/tmp\/c\.json: keys: unknown action "nope" .*; reload: unknown key "F1"/,
    );
    expect(makeSession({ where: '/tmp/c.json' }).keys).toBe(DEFAULT_KEYS);
  });
});
