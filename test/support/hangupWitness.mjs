// The pane's program for the lost-terminal tests (test/e2e/lostTerminal.test.ts): runs a command
// on the pane's terminal, its stderr into a file of the test's own, and writes how it ended
// ({"code":…,"signal":…}) to another, which a shell in the pane could not (it dies of the hangup
// first). `forward`: a SIGHUP the witness gets is passed to the command, as the kernel does to the
// foreground job when the session's shell dies of it; `keep`: it is not, and the command has
// only the dead terminal itself (EIO, the end of its input) to notice.
// usage: node hangupWitness.mjs forward|keep STATUS_FILE STDERR_FILE COMMAND ARGS...
import { spawn } from 'node:child_process';
import { openSync, renameSync, writeFileSync } from 'node:fs';

const [mode, statusFile, stderrFile, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['inherit', 'inherit', openSync(stderrFile, 'a')] });
process.on('SIGHUP', () => {
  if (mode === 'forward') child.kill('SIGHUP');
});
child.on('exit', (code, signal) => {
  // Whole or absent: the test polls for it.
  writeFileSync(`${statusFile}.tmp`, JSON.stringify({ code, signal }));
  renameSync(`${statusFile}.tmp`, statusFile);
  // Its own terminal is gone as well: not through Node's restore of it either.
  process.removeAllListeners('SIGHUP');
  process.kill(process.pid, 'SIGHUP');
});
