// The root: the frame (header, breadcrumb, body, prompt, status, footer) and the one input handler.
import { Box, useInput } from 'ink';
import { useCallback, useContext } from 'react';
import { Breadcrumb } from './components/Breadcrumb.js';
import { paneViewport } from './components/detailLines.js';
import { Footer } from './components/Footer.js';
import { Header, type ConnectionInfo } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { listBodyHeight, paneLayout } from './components/ListView.js';
import { PROMPT_HEIGHT, PromptBar } from './components/PromptBar.js';
import { StatusBar } from './components/StatusBar.js';
import { StoreContext, useAppStore } from './components/StoreContext.js';
import { useTheme } from './components/theme.js';
import { useTerminalSize } from './components/useTerminalSize.js';
import { dispatchKey } from './keys/dispatch.js';
import { scopesFor } from './keys/keymap.js';
import { keyNames } from './keys/normalize.js';
import { AccountsScreen } from './screens/AccountsScreen.js';
import { UserScreen } from './screens/UserScreen.js';
import { UsersScreen } from './screens/UsersScreen.js';
import { currentList, currentScreen, selectedRow, type AppStore } from './store/store.js';

/** Lines the frame takes around the body: header, breadcrumb, status, footer. */
const CHROME = 4;

export function App({ info }: { info: ConnectionInfo }): React.JSX.Element {
  const store = useContext(StoreContext) as AppStore;
  const theme = useTheme();
  const size = useTerminalSize();
  // A frame as tall as the terminal makes Ink clear the screen on every render.
  const width = Math.max(20, size.columns);
  const height = Math.max(8, size.rows - 1);
  const screen = useAppStore((s) => currentScreen(s));
  const prompt = useAppStore((s) => s.prompt !== null);
  const help = useAppStore((s) => s.help);
  const detailOpen = useAppStore((s) => s.detail.open);
  const bodyHeight = height - CHROME - (prompt ? PROMPT_HEIGHT : 0);

  const handleInput = useCallback(
    (input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
      for (const name of keyNames(input, key)) {
        const state = store.getState();
        const list = currentList(state);
        const row = selectedRow(state);
        let detailMaxScroll = 0;
        let detailPageSize = 5;
        if (state.detail.open && list && row) {
          const layout = paneLayout(width, listBodyHeight(list, bodyHeight));
          const pane = paneViewport(list.kind, row, layout.paneWidth, layout.paneHeight, theme.color, state.detail.scroll);
          detailPageSize = Math.max(1, pane.visible - 1);
          detailMaxScroll = pane.maxScroll;
        }
        dispatchKey(name, store, { detailMaxScroll, detailPageSize });
      }
    },
    [store, width, bodyHeight, theme.color],
  );
  useInput(handleInput);

  const scopes = prompt ? [] : scopesFor(screen.name, screen.name === 'user' ? screen.tab : undefined, detailOpen);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Header info={info} width={width} />
      <Breadcrumb width={width} />
      <Box height={bodyHeight} flexDirection="column">
        {help ? (
          <HelpOverlay width={width} height={bodyHeight} />
        ) : screen.name === 'users' ? (
          <UsersScreen width={width} height={bodyHeight} />
        ) : screen.name === 'accounts' ? (
          <AccountsScreen width={width} height={bodyHeight} />
        ) : (
          <UserScreen userID={screen.userID} tab={screen.tab} width={width} height={bodyHeight} />
        )}
      </Box>
      <PromptBar width={width} />
      <StatusBar width={width} />
      <Footer scopes={scopes} width={width} />
    </Box>
  );
}
