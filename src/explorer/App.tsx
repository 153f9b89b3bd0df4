// The root: the frame (header, breadcrumb, body, prompt, status, footer) and the one input handler.
import { Box } from 'ink';
import { useCallback, useContext, useEffect } from 'react';
import { Breadcrumb } from '../components/Breadcrumb.js';
import { Footer } from '../components/Footer.js';
import { Header, type ConnectionInfo } from '../components/Header.js';
import { hasNote, PromptBar, PromptNote } from '../components/PromptBar.js';
import { StatusBar } from '../components/StatusBar.js';
import { useKeys } from '../components/SessionContext.js';
import { StoreContext, useAppStore } from '../components/StoreContext.js';
import { useTheme } from '../components/theme.js';
import { useTerminalInput } from '../components/useTerminalInput.js';
import { useTerminalSize } from '../components/useTerminalSize.js';
import { dispatchInput } from '../keys/dispatch.js';
import { scopesInFront } from '../keys/keymap.js';
import type { InputEvent } from '../keys/normalize.js';
import { BODY_SCREEN_VIEWS } from '../screens/bodyScreenViews.js';
import { ListScreen } from '../screens/ListScreen.js';
import { UserScreen } from '../screens/UserScreen.js';
import { useShallow } from 'zustand/react/shallow';
import { fittedPageSizes, screenGeometry } from '../layout/frame.js';
import { currentScreen, openRegions } from '../store/selectors.js';
import { bodyScreenInFront } from '../store/bodyScreens.js';
import type { AppStore } from '../store/store.js';

export function App({ info }: { info: ConnectionInfo }): React.JSX.Element {
  const store = useContext(StoreContext) as AppStore;
  const theme = useTheme();
  const keys = useKeys();
  const size = useTerminalSize();
  const screen = useAppStore((s) => currentScreen(s));
  const open = useAppStore(useShallow(openRegions));
  const promptNote = useAppStore((s) => s.prompt !== null && hasNote(s.prompt));
  // The screen over the body in front (help, the message log, ...), if any, drawn in the body's place.
  const overBody = useAppStore(bodyScreenInFront);
  const OverBody = overBody === undefined ? undefined : BODY_SCREEN_VIEWS[overBody];
  // Every region's lines and width, computed here once and handed down: nothing below recomputes.
  const geometry = screenGeometry(size, open);
  const { width } = geometry.frame;
  const { prompt } = open;
  const { columns, rows } = size;

  const handleInput = useCallback(
    (event: InputEvent) => dispatchInput(event, store, { terminal: { columns, rows }, color: theme.color, keys }),
    [store, columns, rows, theme.color, keys],
  );
  useTerminalInput(handleInput);
  // A page is what the screen shows: the size follows the terminal's height until one is chosen.
  useEffect(() => {
    const fit = fittedPageSizes({ columns, rows });
    store.getState().fitPageSize(fit.list, fit.user);
  }, [store, columns, rows]);

  // The footer names the keys of what is in front, as dispatch reads them (store/overlays.ts):
  // help's own while it is open; the message log's have no hints (it says which on its title line).
  const scopes = useAppStore(useShallow(scopesInFront));
  return (
    <Box flexDirection="column" width={width} height={geometry.frame.rows}>
      <Header info={info} width={width} />
      <Breadcrumb width={width} />
      <Box height={geometry.body.rows} flexDirection="column">
        {OverBody ? (
          <OverBody width={width} height={geometry.body.rows} />
        ) : screen.name === 'user' ? (
          <UserScreen userID={screen.userID} tab={screen.tab} geometry={geometry} />
        ) : (
          <ListScreen screen={screen} geometry={geometry} />
        )}
      </Box>
      {/* The prompt takes the key hints' line: keys go to the prompt while it is open. Its note
          or candidates take the status line's while they stand. */}
      {promptNote ? (
        <Box flexDirection="column" width={width}>
          <PromptNote width={width} />
          <PromptBar width={width} />
        </Box>
      ) : (
        <StatusBar geometry={geometry} footer={prompt ? <PromptBar width={width} /> : <Footer scopes={scopes} width={width} />} />
      )}
    </Box>
  );
}
