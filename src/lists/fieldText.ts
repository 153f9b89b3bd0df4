// How the detail pane writes a time or a code beside its raw value: shared by the lists' details.
import { formatTimeSeconds, formatTimeWithZone } from '../content/format.js';

/** A time in milliseconds, local with its zone, with the raw value. */
export const ms = (value: number): string => `${formatTimeWithZone(value)}  (${value})`;
/** A time in Unix seconds (the blacklist's createTime), local with its zone, with the raw value. */
export const seconds = (value: number): string => `${formatTimeSeconds(value)}  (${value} s)`;
/** A code as its name and number; the number alone when the contract has no name for it (`Unknown (13)` once, not twice). */
export const code = (name: string, value: number | undefined): string =>
  value === undefined ? '(not sent)' : name === String(value) || name === `Unknown (${value})` ? name : `${name} (${value})`;
