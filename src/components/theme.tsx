// Colour on or off for the whole tree (NO_COLOR, --no-color), and the palette: dark (the default)
// or light (the config file's `"theme": "light"`). Every place that colours must also say the same
// thing without colour: a marker, brackets or inverse.
import { createContext, useContext } from 'react';

export interface Theme {
  color: boolean;
  /** Colours for a light background: the dark palette's cyan, yellow and white are hard to read there. */
  light?: boolean;
}

export const ThemeContext = createContext<Theme>({ color: true });

export function useTheme(): Theme {
  return useContext(ThemeContext);
}

/** The dark palette's colours that a light background cannot show well, and what stands for them there. */
const ON_LIGHT: Readonly<Record<string, string>> = {
  cyan: 'blue',
  yellow: 'magenta',
  white: 'black',
};

/** A colour of the dark palette, as this theme draws it. */
export function themed(theme: Theme, color: string): string;
export function themed(theme: Theme, color: string | undefined): string | undefined;
export function themed(theme: Theme, color: string | undefined): string | undefined {
  if (color === undefined || !theme.light) return color;
  return ON_LIGHT[color] ?? color;
}

/** Ink colour props only when colour is on. */
export function tint(theme: Theme, color: string): { color?: string } {
  return theme.color ? { color: themed(theme, color) } : {};
}
