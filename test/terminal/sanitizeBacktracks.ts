// Child process of sanitize.test.ts ("linear time"), run by node with V8's regexp fallback
// flags: a regexp execution that backtracks more than --regexp-backtracks-before-fallback times
// is rerun by V8's linear engine, and --trace-experimental-regexp-engine prints one line for it
// ("Experimental execution ... of regexp <source>"). Every input sanitize.test.ts used to time is
// sanitised here; then one regexp that is catastrophic on purpose runs last, so the parent can
// tell that the detector works.
import { sanitize } from '../../src/terminal/sanitize.js';
import { HOSTILE } from '../fixtures/hostile.js';
import { LINEAR_INPUTS } from './sanitizeInputs.js';

for (const { value } of HOSTILE) {
  sanitize(value);
  sanitize(value, { multiline: true });
}
for (const value of LINEAR_INPUTS) sanitize(value);
process.stdout.write('sanitised\n');
/(a+)+b/.test('a'.repeat(30));
