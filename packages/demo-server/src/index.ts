// The demo server's public face: what the explorer (`--demo`, `demo-server`) and the explorer's
// tests may use. Nothing here knows the explorer; the two share only the contract
// (shared/openim-api.md).
export { startDemoServer, DEMO, HOSTILE_SAMPLES, SERVER_GENERATIONS, type DemoServer, type DemoServerOptions, type HostileSample, type ServerGeneration } from './server.js';
export { startEmbeddedDemo, type EmbeddedDemo, type EmbeddedDemoOptions } from './embedded.js';
export { runDemoServerCli } from './main.js';
export { nicknameAt, userIdOf } from './users.js';
/** The server's rules for a pull (GetMsgBySeqsRange's range, a deleted seq's placeholder), for the tests' own loopback servers to answer by. */
export { deletedPlaceholder, seqsOfRange } from './pull-msg.js';
/** The delivery trace's planted cases (docs/demo-server.md), for the tests that trace them. */
export { tracePlants, TRACE_CASES, type TraceCase, type TracePlant } from './trace-plants.js';
