// The built CLI on its demo (`--demo --still`) in tmux, up once its first page of users shows:
// the way nearly every end-to-end test begins, written once so that what "up" means has one home.
import { afterEach } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { matches, startApp, type App, type Expectation, type StartOptions } from './tmux.js';

/** The paging line of the users' first page, with the row indicator a page taller than the window adds. */
const FIRST_PAGE = /page 1 of [\d,]+ · (?:row \d+\/\d+ · )?[\d,]+ total/;

export interface DemoOptions extends Omit<StartOptions, 'args'> {
  /** Flags after `--demo --still`. */
  extraArgs?: readonly string[];
  /** What else must be on screen before the app counts as up. */
  ready?: Expectation;
}

/**
 * Returns this test file's `startDemo`, whose `options` go over `defaults`: it starts the demo and
 * waits for the first page of users (and `ready`). Every app it starts is killed after its test.
 */
export function demoApps(defaults: DemoOptions = {}): (options?: DemoOptions) => Promise<App> {
  const started: App[] = [];
  afterEach(() => {
    for (const app of started.splice(0)) app.kill();
  });
  return (options = {}) => startDemoApp({ ...defaults, ...options }, (app) => started.push(app));
}

/**
 * The demo up, as demoApps' starts it, for an app the caller ends itself (`app.kill()`): one start
 * that several tests of a file go on with, each from where the one before it ended. `started`
 * hears of the app before the wait, so that a start that never comes up is still ended.
 */
export async function startDemoApp(options: DemoOptions = {}, started?: (app: App) => void): Promise<App> {
  const { extraArgs = [], ready, ...terminal } = options;
  const app = startApp({ ...terminal, args: ['--demo', '--still', ...extraArgs] });
  started?.(app);
  await app.waitFor((s) => FIRST_PAGE.test(s) && s.includes(DEMO.firstUserID) && (ready === undefined || matches(s, ready)));
  return app;
}
