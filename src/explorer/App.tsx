// The root: the frame (header, breadcrumb, body, prompt, status, footer) and the one input handler.
import { Box } from 'ink';
import { useCallback, useContext, useEffect } from 'react';
import { Breadcrumb } from '../components/Breadcrumb.js';
import { Footer } from '../components/Footer.js';
import { Header, type ConnectionInfo } from '../components/Header.js';
import { HelpOverlay } from '../components/HelpOverlay.js';
import { PromptBar } from '../components/PromptBar.js';
import { StatusBar } from '../components/StatusBar.js';
import { StoreContext, useAppStore } from '../components/StoreContext.js';
import { useTheme } from '../components/theme.js';
import { useTerminalInput } from '../components/useTerminalInput.js';
import { useTerminalSize } from '../components/useTerminalSize.js';
import { dispatchInput } from '../keys/dispatch.js';
import { scopesFor } from '../keys/keymap.js';
import type { InputEvent } from '../keys/normalize.js';
import { AccountsScreen } from '../screens/AccountsScreen.js';
import { UserScreen } from '../screens/UserScreen.js';
import { UsersScreen } from '../screens/UsersScreen.js';
import { bodyHeight as frameBodyHeight, frameSize, pageSizeForRows, userPageSizeForRows } from '../layout/frame.js';
import { currentScreen } from '../store/selectors.js';
import type { AppStore } from '../store/store.js';

export function App({ info }: { info: ConnectionInfo }): React.JSX.Element {
  const store = useContext(StoreContext) as AppStore;
  const theme = useTheme();
  const size = useTerminalSize();
  const { width, height } = frameSize(size.columns, size.rows);
  const screen = useAppStore((s) => currentScreen(s));
  const prompt = useAppStore((s) => s.prompt !== null);
  const help = useAppStore((s) => s.help);
  const detailOpen = useAppStore((s) => s.detail.open);
  const detailFull = useAppStore((s) => s.detail.full);
  const bodyHeight = frameBodyHeight(height, prompt);

  const handleInput = useCallback(
    (event: InputEvent) => dispatchInput(event, store, { frame: { width, height }, color: theme.color }),
    [store, width, height, theme.color],
  );
  useTerminalInput(handleInput);
  // A page is what the screen shows: the size follows the terminal's height until one is chosen.
  useEffect(() => store.getState().fitPageSize(pageSizeForRows(size.rows), userPageSizeForRows(size.rows)), [store, size.rows]);

  const scopes = prompt ? [] : scopesFor(screen.name, screen.name === 'user' ? screen.tab : undefined, detailOpen, detailFull);
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
      <StatusBar frame={{ width, height }} footer={<Footer scopes={scopes} width={width} />} />
    </Box>
  );
}
