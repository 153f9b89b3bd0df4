// A tiny program for the terminal-restore test: it takes the terminal the way the app does
// (alternate screen, hidden cursor, raw mode, the restore handlers of src/terminal/screen.ts),
// then fails for real: an uncaught exception thrown from a timer, or an unhandled rejection.
// Run: node --import tsx test/hardening/crashEntry.ts [exception|rejection]
import { enterAltScreen, installRestoreHandlers, restoreTerminal } from '../../src/terminal/screen.js';

const how = process.argv[2] === 'rejection' ? 'rejection' : 'exception';
const out = process.stdout;
installRestoreHandlers(() => restoreTerminal(out));
enterAltScreen(out);
out.write('\u001b[?25l'); // Ink hides the cursor
process.stdin.setRawMode(true);
process.stdin.resume();
out.write(`crash entry: in the alternate screen, raw mode, about to fail by ${how}\r\n`);

// A message that quotes a token, as a server reply might: the crash line must mask it.
const message = `boom by ${how}, token=eyJhbGciOiJIUzI1NiJ9.eyJjcmFzaCI6MX0.Y3Jhc2gtc2lnbmF0dXJl`;
setTimeout(() => {
  if (how === 'rejection') void Promise.reject(new Error(message));
  else throw new Error(message);
}, 500);
