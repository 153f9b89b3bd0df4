// Ink hands us (input, key flags); the keymap speaks in key names. Text that arrives in one read
// ("jjj" from a held key, or a paste) becomes one name per character.

export interface InkKey {
  upArrow: boolean;
  downArrow: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  pageDown: boolean;
  pageUp: boolean;
  home: boolean;
  end: boolean;
  return: boolean;
  escape: boolean;
  ctrl: boolean;
  shift: boolean;
  tab: boolean;
  backspace: boolean;
  delete: boolean;
  meta: boolean;
}

export function keyNames(input: string, key: InkKey): string[] {
  if (key.upArrow) return ['up'];
  if (key.downArrow) return ['down'];
  if (key.leftArrow) return ['left'];
  if (key.rightArrow) return ['right'];
  if (key.pageDown) return ['pagedown'];
  if (key.pageUp) return ['pageup'];
  if (key.home) return ['home'];
  if (key.end) return ['end'];
  if (key.return) return ['enter'];
  if (key.tab) return [key.shift ? 'shift+tab' : 'tab'];
  if (key.backspace || key.delete) return ['backspace'];
  if (key.escape) return ['escape'];
  if (key.ctrl) return input ? [`ctrl+${input.toLowerCase()}`] : [];
  // No binding uses Alt: "Esc then 3" typed quickly (or over a slow link) arrives as Alt-3.
  if (key.meta) return input ? ['escape', ...Array.from(input, (ch) => CONTROL_NAMES[ch] ?? ch)] : [];
  // Over a slow link an arrow key can arrive as Esc, then "[B": the tail of such a sequence is no
  // command. So are focus reports (Esc [I, Esc [O) that got past the terminal layer's filter.
  if (/^\[[A-DIO]$|^O[A-D]$/.test(input)) return [];
  return Array.from(input, (ch) => CONTROL_NAMES[ch] ?? ch);
}

/** Inside a burst ("jj\r"), control characters arrive raw rather than as key flags. */
const CONTROL_NAMES: Record<string, string> = {
  '\r': 'enter',
  '\n': 'enter',
  '\t': 'tab',
  '\u001b': 'escape',
  '\u007f': 'backspace',
  '\b': 'backspace',
  '\u0003': 'ctrl+c',
};
