// The footer is derived from the bindings in force on each screen (issue 34): every key a hint
// names does there what the hint says. In the full-screen detail `n` is the detail's search, so
// the page hint names keys that still page (`]/[ page`), never `n/p page`.
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../src/keys/binding.js';
import { BINDINGS, type Binding } from '../../src/keys/bindings.js';
import { DEFAULT_KEYS, scopesFor, type KeysInForce } from '../../src/keys/keymap.js';
import { makeSession } from '../../src/keys/session.js';
import { LIST_KINDS, USER_TABS, isUserTab } from '../../src/lists/names.js';

/** What each hint says, by its words, as the actions its keys must reach (in order). */
const SAYS: Record<string, readonly string[]> = {
  move: ['down', 'up'],
  page: ['nextPage', 'prevPage'],
  open: ['open'],
  detail: ['detail'],
  scroll: ['scrollDown', 'scrollUp'],
  full: ['detailFull'],
  split: ['detailFull'],
  find: ['detailSearch'],
  match: ['nextMatch', 'prevMatch'],
  tabs: ['nextTab'],
  search: ['search'],
  IDs: ['conversationFilter'],
  faults: ['readFaults'],
  'user IDs': ['statusUsers'],
  examine: ['doctorTarget'],
  messages: ['userMessages'],
  user: ['openUser'],
  filter: ['filter'],
  live: ['live'],
  trace: ['trace'],
  accounts: ['accounts'],
  'pick user': ['userPicker'],
  cmd: ['command'],
  back: ['back'],
  help: ['help'],
  quit: ['quit'],
  line: ['helpDown', 'helpUp'],
  screen: ['helpPageDown', 'helpPageUp'],
  'top/end': ['helpTop', 'helpBottom'],
  close: ['helpClose'],
  days: ['pulseWindow'],
  'fewer days': ['pulseShorter'],
  'more days': ['pulseLonger'],
  'busiest groups': ['pulseGroups'],
  'their messages': ['senderMessages', 'senderMessages'],
  day: ['topSendersDay'],
  'group msgs': ['groupMessages'],
  'group day': ['topGroupsDay'],
};
const KEY_OF: Record<string, string> = { '⏎': 'enter', esc: 'escape', space: ' ', pagedown: 'pagedown', pageup: 'pageup', '→': 'right', '←': 'left' };

/** Every screen and what can be open on it. */
function screens(): { name: string; scopes: Scope[] }[] {
  const bases: { name: string; args: Parameters<typeof scopesFor> }[] = [
    // Every screen of its own: the top-level lists and the drill-down lists (a conversation's history).
    ...LIST_KINDS.filter((kind) => !isUserTab(kind)).map((kind) => ({ name: kind, args: [kind] as Parameters<typeof scopesFor> })),
    ...USER_TABS.map((tab) => ({ name: `user ${tab}`, args: ['user', tab] as Parameters<typeof scopesFor> })),
  ];
  const help = { name: 'help', scopes: ['help'] as Scope[] };
  return [help, ...bases.flatMap(({ name, args }) => [
    { name, scopes: scopesFor(args[0], args[1]) },
    { name: `${name}, detail pane`, scopes: scopesFor(args[0], args[1], true, false) },
    { name: `${name}, full-screen detail`, scopes: scopesFor(args[0], args[1], true, true) },
  ])];
}

function checkFooters(keys: KeysInForce = DEFAULT_KEYS): void {
  for (const { name, scopes } of screens()) {
    for (const hint of keys.hintsFor(scopes)) {
      const space = hint.indexOf(' ');
      const words = hint.slice(space + 1);
      const actions = SAYS[words];
      expect(actions, `${name}: a hint no test knows: ${hint}`).toBeDefined();
      const part = hint.slice(0, space);
      const tokens = (part === '/' ? ['/'] : part.split('/')).filter((token) => !/^\d-\d$/.test(token));
      tokens.forEach((token, i) => {
        const key = KEY_OF[token] ?? token;
        expect(keys.bindingFor(key, scopes)?.action, `${name}: "${hint}": ${token}`).toBe(actions![i]);
      });
    }
  }
}

describe('footer hints', () => {
  it('on every screen, each key a hint names does what the hint says there', () => {
    checkFooters();
  });

  it('in the full-screen detail, the page hint names keys that page (n is the search there)', () => {
    const full = DEFAULT_KEYS.hintsFor(scopesFor('user', 'conversations', true, true));
    expect(full).toContain(']/[ page');
    expect(full).toContain('n/N match');
    expect(full).not.toContain('n/p page');
    expect(DEFAULT_KEYS.hintsFor(scopesFor('users'))).toContain('n/p page');
    // Help open: help's own keys, which dispatch gives help (j scrolls it, n turns its screen).
    expect(DEFAULT_KEYS.hintsFor(['help'])).toEqual(['j/k line', 'n/p screen', 'g/G top/end', '? close']);
  });

  it("every hint is data that names rows there are: the binding's own action or one of its scope", () => {
    const table = BINDINGS as readonly Binding[];
    for (const b of table) {
      for (const hint of [b.hint, b.fullHint]) {
        for (const ref of (hint?.actions ?? []).flat()) {
          expect(ref === b.action || table.some((o) => o.action === ref && o.scope === b.scope), `${b.action}: ${ref}`).toBe(true);
        }
      }
    }
  });

  it('with keys rebound by the config file, the hints follow on every screen', () => {
    const { keys } = makeSession({ keys: { nextPage: ['x', ']'], prevPage: ['z', '['], nextMatch: ['v'] }, where: 'test' });
    checkFooters(keys);
    expect(keys.hintsFor(scopesFor('users'))).toContain('x/z page');
  });
});
