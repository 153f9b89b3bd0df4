// What each screen over the body draws (store/bodyScreens.ts its rows): by name, so that a row
// without its view does not compile. App draws the one in front in the body's place.
import { ClusterView } from '../components/ClusterView.js';
import { HelpOverlay } from '../components/HelpOverlay.js';
import { MessageLog } from '../components/MessageLog.js';
import { TraceView } from '../components/TraceView.js';
import type { BodyScreenName } from '../store/bodyScreens.js';

/** The body's box: the view takes all of it. */
export interface BodyScreenProps {
  width: number;
  height: number;
}

export const BODY_SCREEN_VIEWS: Record<BodyScreenName, (props: BodyScreenProps) => React.JSX.Element | null> = {
  help: HelpOverlay,
  log: MessageLog,
  trace: TraceView,
  cluster: ClusterView,
};
