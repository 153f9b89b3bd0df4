// Long inputs of sanitize's speed tests, shared with its backtracking check (sanitizeBacktracks.ts).
const ESC = '\u001b';

/** An unterminated OSC: a pattern that rescans from each introducer would be quadratic here. */
export const UNTERMINATED_OSC = `${ESC}]0;${'a'.repeat(100_000)}`;

/** 8-bit OSC introducers, then joiners between letters: the same input at 25k and 100k repeats. */
export const scaled = (n: number): string => `${ESC}]0;${'\u009d'.repeat(n)}${'é\u200Dz'.repeat(n)}`;

export const LINEAR_INPUTS: readonly string[] = [UNTERMINATED_OSC, scaled(25_000), scaled(100_000)];
