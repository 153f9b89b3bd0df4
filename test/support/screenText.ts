// Reading a screen's text as a user reads it: shared so that every test finds the selected row
// by the same marker the table draws.

/** The line the cursor marker (`›`) starts, or '' when no row is selected. */
export function cursorLine(screen: string): string {
  return screen.split('\n').find((line) => line.startsWith('›')) ?? '';
}
