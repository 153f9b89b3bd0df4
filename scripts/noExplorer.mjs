// What the ES module build of cli.ts (dist/cli.js, which the bin runs for every command but the
// explorer in a terminal: src/boot/bin.ts) has in place of the explorer: cli.ts refuses to start the
// explorer there (no terminal) before it loads it, so this is never called; React, Ink and Yoga stay
// out of that build.
export function runExplorer() {
  throw new Error('the explorer needs an interactive terminal');
}
