// Colour on or off for the whole tree (NO_COLOR, --no-color). Every place that colours must also
// say the same thing without colour: a marker, brackets or inverse.
import { createContext, useContext } from 'react';

export interface Theme {
  color: boolean;
}

export const ThemeContext = createContext<Theme>({ color: true });

export function useTheme(): Theme {
  return useContext(ThemeContext);
}

/** Ink colour props only when colour is on. */
export function tint(theme: Theme, color: string): { color?: string } {
  return theme.color ? { color } : {};
}
