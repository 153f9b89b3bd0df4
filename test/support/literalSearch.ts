// What a literal search of the demo's users must find, computed from the demo's own data without
// any regex: userID or nickname contains the text, any case. Tests compare the server's answer to it.
import { nicknameAt, userIdOf } from 'openim-demo-server';

export function literalMatches(population: number, text: string): string[] {
  const needle = text.toLowerCase();
  const ids: string[] = [];
  for (let i = 1; i <= population; i++) {
    const id = userIdOf(i);
    if (id.toLowerCase().includes(needle) || nicknameAt(i).toLowerCase().includes(needle)) ids.push(id);
  }
  return ids;
}
