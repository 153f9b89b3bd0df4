// Run inside a terminal: prints each string of a JSON array at the top left of a cleared screen,
// asks the terminal where its cursor is (CSI 6n), and writes the columns advanced, one per string,
// to a JSON file. That is the terminal's own width for the string, whatever any library thinks.
//
//   node cursorWidths.mjs strings.json widths.json
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
const strings = JSON.parse(readFileSync(input, 'utf8'));
const widths = [];
let pending = '';

function ask(index) {
  if (index === strings.length) {
    writeFileSync(output, JSON.stringify(widths));
    process.stdout.write('\x1b[2J\x1b[Hmeasured\r\n');
    process.exit(0);
  }
  process.stdout.write(`\x1b[2J\x1b[H${strings[index]}\x1b[6n`);
}

process.stdin.setRawMode(true);
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('latin1');
  for (let m = /\x1b\[(\d+);(\d+)R/.exec(pending); m; m = /\x1b\[(\d+);(\d+)R/.exec(pending)) {
    pending = pending.slice(m.index + m[0].length);
    // A string that wrapped would leave the cursor on a later row: report it as wider than any line.
    widths.push(Number(m[1]) === 1 ? Number(m[2]) - 1 : Number.MAX_SAFE_INTEGER);
    ask(widths.length);
  }
});
ask(0);
