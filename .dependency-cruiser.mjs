// The one-way map of src/, enforced by `npm run lint` (dependency-cruiser). Folders are layers,
// lowest first: a folder may import its own files and the layers below it, never one above.
// docs/architecture.md draws the same map.
const LAYERS = [
  'api', // HTTP, schemas, one function per operation, the page fetchers
  'terminal', // sanitising, display width, the alternate screen, OSC 52
  'content', // decoding message content
  'domain', // paging rules, rows, columns, summaries, table layout
  // Each list's definition (its fetch, columns, detail, CSV fields, names, wording), pure data and
  // functions over domain/: above domain, whose column kinds and row rules they use; below data/
  // and commands/, which print lists without a store or a UI, and below everything that shows one.
  'lists',
  'data', // the page walker, encoders, export files
  'config', // flags, profiles, the request log
  'store', // zustand slices and the request scheduler
  'layout', // frame geometry and the detail pane's lines
  'keys', // the keymap and the one dispatcher
  'components', // Ink components
  'screens', // one file per screen
  'explorer', // the explorer's entry point and root component
];
/** Folders that render: nothing outside them (and the entry points) may import them or Ink/React. */
const UI = ['components', 'screens', 'explorer'];

const above = (i) => LAYERS.slice(i + 1);
const folder = (names) => `^src/(${names.join('|')})/`;

export default {
  forbidden: [
    ...LAYERS.slice(0, -1).map((layer, i) => ({
      name: `layer-${layer}`,
      comment: `${layer}/ is below ${above(i).join(', ')}: it must not import them`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: folder([...above(i), 'commands']) },
    })),
    {
      name: 'boot-apart',
      comment:
        'the start (src/boot/: the bin, the program it compiles, the code caches, the handover) is behind one door: ' +
        'only the entry (cli.ts) reads it, and hands the layers what they need as a value (config/boot.ts)',
      severity: 'error',
      from: { path: folder([...LAYERS, 'commands']) },
      to: { path: '^src/boot/' },
    },
    {
      name: 'commands-without-ui',
      comment: 'the scripting commands are a thin CLI over data/: no store, no UI, so they start as fast as --help',
      severity: 'error',
      from: { path: '^src/commands/' },
      to: { path: folder(['store', 'layout', 'keys', ...UI]) },
    },
    {
      name: 'demo-stands-alone',
      comment: 'the demo server (its own package) imitates OpenIM: it shares nothing with the client',
      severity: 'error',
      from: { path: '^packages/demo-server/' },
      to: { path: '^src/' },
    },
    {
      name: 'demo-only-from-entry-points',
      comment: 'only the entry points start the demo server (--demo, demo-server), through its package entry',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/boot/', '^src/cli\\.ts$', '^src/commands/run\\.ts$', '^src/explorer/runExplorer\\.ts$'] },
      to: { path: '^packages/demo-server/' },
    },
    {
      name: 'demo-through-its-entry',
      comment:
        'the client sees the demo package only through its three exports: src/index.ts, its public face, src/embedded.ts, ' +
        'the worker starter alone (the explorer\'s thread must not load the server it runs on another), and src/early.ts, ' +
        'which the bin starts the worker with before the program is compiled',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^packages/demo-server/', pathNot: '^packages/demo-server/src/(index|embedded|early)\\.ts$' },
    },
    {
      name: 'no-ui-packages-outside-ui',
      comment: 'only the folders that render import Ink or React',
      severity: 'error',
      from: { path: '^src/', pathNot: [folder(UI), '^src/cli\\.ts$'] },
      to: { path: 'node_modules/(ink|ink-text-input|react)/' },
    },
    {
      name: 'no-circular',
      comment: 'no module imports one that imports it back',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: ['^src/', '^packages/demo-server/src/', 'node_modules/(ink|ink-text-input|react)/'],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
