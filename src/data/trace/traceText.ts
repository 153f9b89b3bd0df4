// A trace in words, the same for the screen and `trace -o table`: the verdict line first, then
// what was traced, then one line per check (its mark, name, words and the route its facts came
// from). Every value from the server is sanitised here, once; marks are words, so that a
// monochrome or ASCII terminal reads the same.
import { formatCount } from '../../content/format.js';
import { glyphs } from '../../terminal/glyphs.js';
import { sanitize } from '../../terminal/sanitize.js';
import { wrap } from '../../terminal/width.js';
import type { Verdict } from './checks.js';
import type { TraceLine, TraceResult } from './runTrace.js';

export const VERDICT_MARKS: Record<Verdict, string> = { pass: 'ok', warn: 'warn', fail: 'FAIL', info: 'info', unknown: '?' };
const MARK_WIDTH = 4;

export function verdictText(result: TraceResult): string {
  return sanitize(`${VERDICT_MARKS[result.verdict.verdict]}: ${result.verdict.words}`);
}

export function targetText(result: TraceResult): string {
  const t = result.target;
  const from = t.senderID ? ` from ${t.senderID}` : '';
  return sanitize(`seq ${formatCount(t.seq)} of ${t.conversationID}${from}, to ${t.receiverID}`);
}

/** A check's line, wrapped to `width` with its continuation indented under the words. */
export function checkLines(line: TraceLine, width: number): string[] {
  const head = `${VERDICT_MARKS[line.verdict].padEnd(MARK_WIDTH)} ${line.name}: `;
  const text = sanitize(`${head}${line.words} ${glyphs().separator} ${line.routes.join(', ')}`);
  const indent = ' '.repeat(MARK_WIDTH + 1);
  const [first = '', ...rest] = wrap(text, Math.max(20, width - indent.length), { words: 'spaces' });
  return [first, ...rest.map((l) => indent + l)];
}

/** The whole trace as lines of `width` columns (the screen scrolls them; -o table prints them). */
export function traceLines(result: TraceResult, width: number): string[] {
  return [
    ...wrap(verdictText(result), width, { words: 'spaces' }),
    ...wrap(targetText(result), width, { words: 'spaces' }),
    '',
    ...result.lines.flatMap((line) => checkLines(line, width)),
  ];
}

/** `trace -o json`: the target, the verdict, and one object per check with its verdict, facts and route. */
export function traceJson(result: TraceResult): object {
  return {
    target: result.target,
    verdict: result.verdict.verdict,
    words: result.verdict.words,
    checks: result.lines.map((l) => ({ check: l.check, name: l.name, verdict: l.verdict, words: l.words, facts: l.facts, routes: l.routes })),
  };
}
