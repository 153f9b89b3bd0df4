// `openim-explorer trace`: the delivery trace without the UI (data/trace/), for a ticket or a cron
// check. `-o json` prints one object (the target, the verdict, one object per check with its
// verdict, facts and routes); `-o table` the lines the screen shows. A request that fails makes
// its lines unknown, never the command: it exits 0 with a trace, 1 when the message cannot be
// found (`--server-msg-id`), 3 when the server could not be reached at all.
import { NetworkError } from '../api/errors.js';
import { escapeJsonText } from '../api/inertText.js';
import type { ExplorerOptions } from '../config/args.js';
import { demoConnection } from '../config/connection.js';
import { openRequestLog, type RequestLog } from '../config/requestLog.js';
import { findByServerMsgID, type RowTarget } from '../data/trace/targets.js';
import { runTrace } from '../data/trace/runTrace.js';
import { traceJson, traceLines } from '../data/trace/traceText.js';
import { sanitize } from '../terminal/sanitize.js';
import { EXIT_API, EXIT_NETWORK, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE } from './exitCodes.js';
import { ScriptOutput } from './output.js';
import { scriptClient, type StartDemo } from './scriptClient.js';
import { describeScriptFailure, tableWidth, type ScriptStreams } from './run.js';


export async function runTraceCommand(options: ExplorerOptions, streams: ScriptStreams, startDemo?: StartDemo): Promise<number> {
  const request = options.trace;
  if (!request) throw new Error('runTraceCommand needs a trace');
  const say = (line: string): void => {
    streams.stderr.write(`openim-explorer: ${line}\n`);
  };
  const controller = new AbortController();
  const out = new ScriptOutput(streams.stdout, () => controller.abort());
  let closeDemo: (() => Promise<void>) | undefined;
  let log: RequestLog | undefined;
  try {
    let connection = options.connection;
    log = options.logFile !== undefined ? openRequestLog(options.logFile, undefined, () => controller.abort()) : undefined;
    if (options.demo && startDemo) {
      const demo = await startDemo();
      connection = demoConnection(demo);
      closeDemo = () => demo.close();
    }
    if (connection === undefined) throw new Error('no server');
    const client = scriptClient(options, connection, streams.env ?? process.env, log);
    let found: RowTarget;
    if (request.serverMsgID !== undefined) found = await findByServerMsgID(client, request.serverMsgID, { ...(request.from ? { from: request.from } : {}), ...(request.to ? { to: request.to } : {}), ...(request.day ? { day: request.day } : {}) }, controller.signal);
    else found = { ok: true, target: { conversationID: request.conversationID ?? '', seq: request.seq ?? 0, receiverID: request.to ?? '' }, needsReceiver: false };
    if (!found.ok) {
      say(sanitize(found.problem));
      return EXIT_API;
    }
    const target = request.to ? { ...found.target, receiverID: request.to } : found.target;
    if (target.receiverID === '') {
      say('this is a group message: say whose delivery to trace with --to ID (a member of the group)');
      return EXIT_USAGE;
    }
    const result = await runTrace(target, { client, now: Date.now, signal: controller.signal });
    // Nothing answered and the network is why: the server could not be reached.
    const sent = result.exchanges.filter((e) => e.body !== undefined);
    if (sent.length > 0 && sent.every((e) => e.failure !== undefined) && result.lines.every((l) => l.verdict === 'unknown')) {
      say(sanitize(`no request was answered: ${sent[0]?.failure ?? ''}`));
      if (/refused|reset|timed out|DNS|unreachable/i.test(sent[0]?.failure ?? '')) return EXIT_NETWORK;
    }
    const format = request.output ?? (streams.stdout.isTTY === true ? 'table' : 'json');
    const text = format === 'json' ? `${escapeJsonText(JSON.stringify(traceJson(result), null, 2))}\n` : `${traceLines(result, tableWidth(streams)).join('\n')}\n`;
    await out.write(text);
    await out.flush();
    if (out.failure && !out.readerLeft) {
      say(out.describe());
      return EXIT_OUTPUT;
    }
    return EXIT_OK;
  } catch (error) {
    if (out.failure) return out.readerLeft ? EXIT_OK : (say(out.describe()), EXIT_OUTPUT);
    const failure = describeScriptFailure(error);
    if (!failure) throw error;
    say(failure.line);
    return error instanceof NetworkError ? EXIT_NETWORK : failure.code;
  } finally {
    log?.close();
    await closeDemo?.();
  }
}
