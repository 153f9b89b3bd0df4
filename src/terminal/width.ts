// Column arithmetic in terminal cells, not UTF-16 code units: CJK and most emoji take two cells.
import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Number of terminal cells a (sanitised) string occupies. */
export function displayWidth(s: string): number {
  // Fast path: printable ASCII is one cell per character.
  if (/^[\x20-\x7e]*$/.test(s)) return s.length;
  return stringWidth(s);
}

/** Cuts a string to at most `width` cells, ending with an ellipsis when something was cut. */
export function truncate(s: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  if (displayWidth(s) <= width) return s;
  const room = width - displayWidth(ellipsis);
  if (room <= 0) return ellipsis.slice(0, width);
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(s)) {
    const w = displayWidth(segment);
    if (used + w > room) break;
    out += segment;
    used += w;
  }
  return out + ellipsis;
}

/** Pads (or truncates) to exactly `width` cells. */
export function fit(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncate(s, width);
  const pad = ' '.repeat(Math.max(0, width - displayWidth(cut)));
  return align === 'left' ? cut + pad : pad + cut;
}

/** Splits a string into lines of at most `width` cells (hard wrap by grapheme). */
export function wrap(s: string, width: number): string[] {
  if (width <= 0) return [s];
  const lines: string[] = [];
  for (const para of s.split('\n')) {
    let line = '';
    let used = 0;
    for (const { segment } of segmenter.segment(para)) {
      const w = displayWidth(segment);
      if (used + w > width && line !== '') {
        lines.push(line);
        line = '';
        used = 0;
      }
      line += segment;
      used += w;
    }
    lines.push(line);
  }
  return lines;
}
