// The keys while help is open: scrolling it and closing it, from the keymap's `help` scope.
import type { AppStore } from '../store/store.js';
import { bodyHeight, type FrameSize } from '../layout/frame.js';
import { helpView } from './helpLayout.js';
import { actionFor } from './keymap.js';

export function helpKey(key: string, store: AppStore, frame: FrameSize): void {
  const action = actionFor(key, ['help']);
  if (!action) return;
  const s = store.getState();
  const view = helpView(frame.width, bodyHeight(frame.height, false));
  const to = (line: number): void => s.scrollHelp(Math.min(view.maxScroll, Math.max(0, line)));
  const page = Math.max(1, view.visible - 1);
  switch (action) {
    case 'helpDown':
      return to(s.helpScroll + 1);
    case 'helpUp':
      return to(s.helpScroll - 1);
    case 'helpPageDown':
      return to(s.helpScroll + page);
    case 'helpPageUp':
      return to(s.helpScroll - page);
    case 'helpTop':
      return to(0);
    case 'helpBottom':
      return to(view.maxScroll);
    case 'helpClose':
      return s.toggleHelp();
    default:
      return;
  }
}
