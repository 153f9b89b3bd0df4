// Loaded with `node --import` before the built CLI in tests: every module the process loads is
// appended, as a URL a line, to the file OIE_MODULE_LOG names (moduleLogHooks.mjs), so that a test
// can tell which chunks a command pulled in (config-schema must not load the UI's).
import { register } from 'node:module';

if (!process.env.OIE_MODULE_LOG) throw new Error('moduleLog.mjs needs OIE_MODULE_LOG');
register(new URL('./moduleLogHooks.mjs', import.meta.url), { data: process.env.OIE_MODULE_LOG });
