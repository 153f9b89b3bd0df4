// Preloaded (NODE_OPTIONS=--import) before the built CLI in tests: at exit, writes the built-in
// modules the process loaded (Node's own list, one `NativeModule name` a line) to the file
// OIE_BUILTINS_LOG names. So a test can tell what the bin loaded to answer --help.
import { writeFileSync } from 'node:fs';

const log = process.env.OIE_BUILTINS_LOG;
if (!log) throw new Error('builtinsLog.mjs needs OIE_BUILTINS_LOG');
process.on('exit', () => writeFileSync(log, process.moduleLoadList.join('\n') + '\n'));
