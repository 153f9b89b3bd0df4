// Counts the work handed to Intl.Segmenter while a function runs: calls, UTF-16 units in total,
// and the longest string in one call. Every instance counts (the width module's and
// string-width's), because the prototype method is wrapped. V8's grapheme segmenter is
// quadratic in the length of the string it is handed, so "linear time" for the width functions
// is: a bounded amount per input unit, and never one call with a long string. These counts are
// the same on every machine, loaded or not, unlike a stopwatch.
export interface SegmenterWork {
  calls: number;
  units: number;
  longest: number;
}

export function segmenterWork<T>(fn: () => T): { result: T; work: SegmenterWork } {
  const work: SegmenterWork = { calls: 0, units: 0, longest: 0 };
  const proto = Intl.Segmenter.prototype;
  const original = proto.segment;
  proto.segment = function segment(this: Intl.Segmenter, input: string): Intl.Segments {
    const text = String(input);
    work.calls += 1;
    work.units += text.length;
    if (text.length > work.longest) work.longest = text.length;
    return original.call(this, text);
  };
  try {
    return { result: fn(), work };
  } finally {
    proto.segment = original;
  }
}
