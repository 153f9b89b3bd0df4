// The floor of the explorer's start that its stack sets: an Ink app drawing one line (the row the
// start figure waits for) and nothing else, bundled as the CLI is (scripts/bundleOptions.mjs) by
// bench/startup.ts. React, Ink and Yoga load, and one frame is drawn; no store, no request.
import { createElement } from 'react';
import { render, Box, Text } from 'ink';

const app = render(createElement(Box, { flexDirection: 'column' }, createElement(Text, null, process.argv[2] ?? 'user_000001')), {
  exitOnCtrlC: false,
  patchConsole: false,
});
// The bench kills it once the line is on screen; this only keeps a stray run from living on.
setTimeout(() => app.unmount(), 10_000).unref();
