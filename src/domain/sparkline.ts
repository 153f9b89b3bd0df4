// A sparkline: values drawn as one glyph each, lowest level first (glyphs' `spark`, Unicode blocks
// or ASCII). The pulse and the cluster screen both draw theirs here; what differs is the scale.

/**
 * `zero`: counts, from 0 to the largest (an empty day is the lowest level, any other at least the
 * next, so no day that had something looks empty). `range`: rates, over the values' own lowest
 * and highest (a steady line is flat; its level says whether it is 0).
 */
export type SparkScale = 'zero' | 'range';

/** The last `width` values as glyphs; an unknown value (null, not finite) is a space, and none known is ''. */
export function sparkline(values: readonly (number | null)[], levels: readonly string[], scale: SparkScale, width = values.length): string {
  const shown = values.slice(Math.max(0, values.length - width));
  const known = shown.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return '';
  const top = levels.length - 1;
  const high = Math.max(...known);
  const low = scale === 'zero' ? 0 : Math.min(...known);
  const level = (v: number): number => {
    if (scale === 'zero') return high <= 0 || v <= 0 ? 0 : Math.max(1, Math.round((v / high) * top));
    return high === low ? (high === 0 ? 0 : top) : Math.round(((v - low) / (high - low)) * top);
  };
  return shown.map((v) => (v === null || !Number.isFinite(v) ? ' ' : (levels[level(v)] ?? ''))).join('');
}
