// What the ES module build of cli.ts (dist/cli.js, which the bin runs for every command but the
// explorer in a terminal: src/boot/bin.ts) has in place of the explorer, so that React, Ink and Yoga
// stay out of that build. cli.ts refuses the explorer off a terminal before it gets here; only `node
// dist/cli.js` run by hand in a terminal reaches it, and the explorer is the bin's to start.
export function runExplorer() {
  throw new Error('dist/cli.js runs the scripting commands only; start the explorer with the bin: npx openim-explorer (or node dist/cli.cjs)');
}
