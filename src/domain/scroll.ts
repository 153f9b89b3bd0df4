// Where a scrolled document stands after a step: the message log, the delivery trace and the
// cluster screen each scroll their lines by this one rule.

/** A step: lines down (up when negative), or one of the ends. */
export type ScrollStep = number | 'top' | 'bottom';

/** The first line shown after `by`, within the `lines` a document has (0 when it has none). */
export function scrolledTo(current: number, by: ScrollStep, lines: number): number {
  const last = Math.max(0, lines - 1);
  return by === 'top' ? 0 : by === 'bottom' ? last : Math.max(0, Math.min(last, current + by));
}
