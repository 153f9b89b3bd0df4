// React, Ink and the app's components: loaded by runExplorer.ts once the store has started.
import { render } from 'ink';
import type { ConnectionInfo } from '../components/Header.js';
import { SessionContext } from '../components/SessionContext.js';
import { StoreContext } from '../components/StoreContext.js';
import type { Session as RunSession } from '../keys/session.js';
import { ThemeContext, type Theme } from '../components/theme.js';
import type { AppStore } from '../store/store.js';
import { App } from './App.js';
import { inkRenderOptions } from './renderOptions.js';

/** One connection's store and what the header says of it; a new generation is a fresh mount. */
export interface Connected {
  store: AppStore;
  info: ConnectionInfo;
  generation: number;
}

export interface Mounted {
  /** Shows another session (`:profile NAME`) in place of the one on screen. */
  show(connected: Connected): void;
  unmount(): void;
  /** Settles when the app has unmounted. */
  exited: Promise<unknown>;
}

/** `session`: the run's (keys/session.ts), the same across a `:profile` switch. */
export function mount(connected: Connected, theme: Theme, session: RunSession): Mounted {
  const tree = (s: Connected): React.JSX.Element => (
    <SessionContext.Provider value={session}>
      <StoreContext.Provider value={s.store}>
        <ThemeContext.Provider value={theme}>
          <App key={s.generation} info={s.info} />
        </ThemeContext.Provider>
      </StoreContext.Provider>
    </SessionContext.Provider>
  );
  const instance = render(tree(connected), inkRenderOptions(process.env));
  return {
    show: (next) => instance.rerender(tree(next)),
    unmount: () => instance.unmount(),
    exited: instance.waitUntilExit(),
  };
}
