// React, Ink and the app's components: loaded by runExplorer.ts once the store has started.
import { render } from 'ink';
import type { ConnectionInfo } from '../components/Header.js';
import { StoreContext } from '../components/StoreContext.js';
import { ThemeContext, type Theme } from '../components/theme.js';
import type { AppStore } from '../store/store.js';
import { App } from './App.js';
import { inkRenderOptions } from './renderOptions.js';

/** One connection's store and what the header says of it; a new generation is a fresh mount. */
export interface Session {
  store: AppStore;
  info: ConnectionInfo;
  generation: number;
}

export interface Mounted {
  /** Shows another session (`:profile NAME`) in place of the one on screen. */
  show(session: Session): void;
  unmount(): void;
  /** Settles when the app has unmounted. */
  exited: Promise<unknown>;
}

export function mount(session: Session, theme: Theme): Mounted {
  const tree = (s: Session): React.JSX.Element => (
    <StoreContext.Provider value={s.store}>
      <ThemeContext.Provider value={theme}>
        <App key={s.generation} info={s.info} />
      </ThemeContext.Provider>
    </StoreContext.Provider>
  );
  const instance = render(tree(session), inkRenderOptions(process.env));
  return {
    show: (next) => instance.rerender(tree(next)),
    unmount: () => instance.unmount(),
    exited: instance.waitUntilExit(),
  };
}
