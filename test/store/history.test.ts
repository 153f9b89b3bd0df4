import { describe, expect, it } from 'vitest';
import { nextStack, type NavMove } from '../../src/store/history.js';
import type { Screen } from '../../src/store/types.js';

const users: Screen = { name: 'users' };
const accounts: Screen = { name: 'accounts' };
const user = (userID: string): Screen => ({ name: 'user', userID, tab: 'conversations' });
const history = (conversationID: string): Screen => ({ name: 'drill', kind: 'history', ownerID: 'a', query: { conversationID } });
const names = (stack: readonly Screen[]): string[] =>
  stack.map((s) => (s.name === 'user' ? s.userID : s.name === 'drill' ? `${s.kind} ${(s.query as { conversationID: string }).conversationID}` : s.name));
const run = (moves: NavMove[], from: readonly Screen[] = [users]): readonly Screen[] => moves.reduce(nextStack, from);

describe('the history model: jumps replace the top level, drill-downs push', () => {
  it('never piles up jumps between the top-level lists', () => {
    const stack = run([
      { kind: 'jump', screen: accounts },
      { kind: 'jump', screen: users },
      { kind: 'jump', screen: accounts },
      { kind: 'jump', screen: users },
    ]);
    expect(names(stack)).toEqual(['users']); // one q quits
  });

  it('pushes a drill-down, so back returns to the row it came from', () => {
    const stack = run([{ kind: 'drill', screen: user('a') }, { kind: 'drill', screen: user('b') }]);
    expect(names(stack)).toEqual(['users', 'a', 'b']);
    expect(names(nextStack(stack, { kind: 'back' }))).toEqual(['users', 'a']);
  });

  it("pushes a row's drill-down list, one screen per parent row", () => {
    const stack = run([{ kind: 'drill', screen: user('a') }, { kind: 'drill', screen: history('si_a_b') }]);
    expect(names(stack)).toEqual(['users', 'a', 'history si_a_b']);
    // Enter again on the same row changes nothing; another row's history is another screen.
    expect(nextStack(stack, { kind: 'drill', screen: history('si_a_b') })).toBe(stack);
    expect(names(nextStack(nextStack(stack, { kind: 'back' }), { kind: 'drill', screen: history('si_a_c') }))).toEqual(['users', 'a', 'history si_a_c']);
    expect(names(nextStack(stack, { kind: 'back' }))).toEqual(['users', 'a']);
  });

  it('opens a typed user (u, :user) over the root list, replacing what was above it', () => {
    const deep = run([{ kind: 'drill', screen: user('a') }, { kind: 'drill', screen: user('b') }]);
    expect(names(nextStack(deep, { kind: 'jump', screen: user('c') }))).toEqual(['users', 'c']);
    expect(names(run([{ kind: 'jump', screen: user('c') }], [accounts]))).toEqual(['accounts', 'c']);
    // `:users` from a user screen goes back to the one list.
    expect(names(nextStack(deep, { kind: 'jump', screen: users }))).toEqual(['users']);
  });

  it('changes nothing for a move to where the operator already is', () => {
    const stack = run([{ kind: 'drill', screen: user('a') }]);
    expect(nextStack(stack, { kind: 'drill', screen: user('a') })).toBe(stack);
    expect(nextStack(stack, { kind: 'jump', screen: user('a') })).toBe(stack);
    const root = [users];
    expect(nextStack(root, { kind: 'jump', screen: users })).toBe(root);
    expect(nextStack(root, { kind: 'back' })).toBe(root);
  });
});
