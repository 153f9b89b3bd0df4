// A copy of a string that holds only its own characters, for a key a cache keeps. V8 makes a
// substring of 13 or more characters (split, slice, trim) a view into the string it came from:
// a table line cut from the page's body kept the whole body (18 KB at 200 columns with CJK names)
// alive for as long as the line stayed a key. Ink's per-line caches hold hundreds of lines, each
// from another page (heap snapshot after 2,000 pages: 72 bodies, 1.3 MB, kept by line keys).
// Concatenating makes a new string that slicing flattens into one of the line's own length.
export function ownString(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}
