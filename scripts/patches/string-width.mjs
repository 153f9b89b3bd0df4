// Patches to string-width 8 (index.js), the width function of Ink and of src/terminal/width.ts
// (see ../ink-patches.mjs). Both change speed only, never a width; candidates for upstream.
//
// 1. The module made an Intl.Segmenter when loaded: the first one costs ICU's grapheme rules
//    (10-40 ms here), paid by every command that loads the module, table or not. Made on first use.
// 2. A string with one character outside printable ASCII was segmented whole (Intl.Segmenter,
//    about 2.5 us a grapheme) and each cluster put through three Unicode-property regexes: a
//    200-cell table row with one accented name cost 0.5 ms, measured twice per frame by Ink.
//    Between two printable ASCII characters there is always a grapheme break (UAX #29: both are
//    "Other", no rule joins them), and the width is a sum over clusters: so each such character
//    counts 1, only the pieces around other characters are segmented, and a cluster's width is
//    remembered (bounded) for the default options. So is the width of such a string up to 512
//    units long: Ink measures each line of a frame two or three times, and so does the app.
// 3. Text in which no character can join another (src/terminal/graphemeJoins.ts) is split into
//    code points, not segmented; and a cluster of one code point is an RGI emoji when it has
//    Emoji_Presentation and is not a regional indicator (true of every code point, which
//    test/support/patchEquivalence.mjs checks), so \p{RGI_Emoji} is tried only on longer clusters
//    that hold a character every emoji sequence has (a letter and its accents never do).
//    The first segmenter costs about 18 ms (ICU's grapheme rules), and the first use of
//    /^\p{RGI_Emoji}$/v 30-40 ms: the explorer's first frame paid both, for "Mia Ødegaard" and "●".
import { appModule } from './appModule.mjs';

/** The app's rule for text that needs no segmenter; the other segmenter patches import it too. */
export const JOINS_MODULE = appModule('src/terminal/graphemeJoins.ts');
/** A cache's key as a string of its own, not a view into the text it was cut from (Ink's patches import it too). */
export const OWN_STRING_MODULE = appModule('src/terminal/ownString.ts');

/** @type {{ file: string, why: string, upstream: string, find: string, replace: string }[]} */
export const STRING_WIDTH_PATCHES = [
  {
    file: 'string-width/index.js',
    why: 'string-width: the segmenter is made on first use',
    upstream: 'not in string-width 8.3.0: a start-up fix, a candidate for upstream',
    find: 'const segmenter = new Intl.Segmenter();',
    replace: `import { mayJoin as __oieMayJoin } from ${JOINS_MODULE};
import { ownString as __oieOwnString } from ${OWN_STRING_MODULE};
let __oieSegmenter;
const segmenter = {segment: string => (__oieSegmenter ??= new Intl.Segmenter()).segment(string)};
// Graphemes as the segmenter gives them, without it where every code point is one.
function __oieSegments(string) {
	return __oieMayJoin(string) ? segmenter.segment(string) : Array.from(string, segment => ({segment}));
}
const __oieSingleEmoji = /^(?!\\p{Regional_Indicator})\\p{Emoji_Presentation}$/u;
// Every RGI emoji of more than one code point holds one of these (UTS #51: keycap, modifier, flag,
// tag, presentation and ZWJ sequences).
const __oieSequenceMark = /[\\u200D\\u20E3\\uFE0F\\u{1F1E6}-\\u{1F1FF}\\u{1F3FB}-\\u{1F3FF}\\u{E0020}-\\u{E007F}]/u;
function __oieRgiEmoji(cluster) {
	const single = cluster.length === 1 || (cluster.length === 2 && cluster.codePointAt(0) > 0xFFFF);
	return single ? __oieSingleEmoji.test(cluster) : __oieSequenceMark.test(cluster) && rgiEmojiRegex.test(cluster);
}`,
  },
  {
    file: 'string-width/index.js',
    why: 'string-width: printable ASCII runs are not segmented; cluster widths are remembered',
    upstream: 'not in string-width 8.3.0: a speed-up, a candidate for upstream',
    find: `export default function stringWidth(input, options = {}) {
	if (typeof input !== 'string' || input.length === 0) {
		return 0;
	}
`,
    replace: `const __oieClusters = new Map();
const __oieStrings = new Map();
// Options that take the original path (a cluster's own width).
const __oieDirect = {};
function __oiePrintable(code) {
	return code >= 0x20 && code <= 0x7E;
}
function __oieClusterWidth(cluster) {
	let width = __oieClusters.get(cluster);
	if (width === undefined) {
		if (__oieClusters.size >= 4096) {
			__oieClusters.clear();
		}
		width = stringWidth(cluster, __oieDirect);
		__oieClusters.set(cluster, width);
	}
	return width;
}
// Mixed text with the default options and no escape sequences: pieces between certain grapheme
// breaks (two printable ASCII characters side by side), each ASCII one 1 cell, the rest by cluster.
function __oieMixedWidth(string) {
	let width = 0;
	let start = 0;
	for (let index = 1; index <= string.length; index++) {
		if (index < string.length && !(__oiePrintable(string.charCodeAt(index - 1)) && __oiePrintable(string.charCodeAt(index)))) {
			continue;
		}
		if (index - start === 1 && __oiePrintable(string.charCodeAt(start))) {
			width++;
		} else {
			for (const {segment} of __oieSegments(string.slice(start, index))) {
				width += __oieClusterWidth(segment);
			}
		}
		start = index;
	}
	return width;
}
export default function stringWidth(input, options = {}) {
	if (typeof input !== 'string' || input.length === 0) {
		return 0;
	}
	if (options !== __oieDirect && options.ambiguousIsNarrow !== false && !options.countAnsiEscapeCodes
		&& !input.includes('\\u001B') && !input.includes('\\u009B') && !/^[\\u0020-\\u007E]*$/.test(input)) {
		if (input.length > 512) {
			return __oieMixedWidth(input);
		}
		let width = __oieStrings.get(input);
		if (width === undefined) {
			if (__oieStrings.size >= 2048) {
				__oieStrings.clear();
			}
			width = __oieMixedWidth(input);
			__oieStrings.set(__oieOwnString(input), width);
		}
		return width;
	}
`,
  },
  {
    file: 'string-width/index.js',
    why: 'string-width: text whose code points are each a grapheme is not segmented',
    upstream: 'not in string-width 8.3.0: a speed-up that uses the app\'s join rule',
    find: 'for (const {segment} of segmenter.segment(string)) {',
    replace: 'for (const {segment} of __oieSegments(string)) {',
  },
  {
    file: 'string-width/index.js',
    why: 'string-width: a one-code-point cluster is not matched against RGI_Emoji',
    upstream: 'not in string-width 8.3.0: a speed-up, a candidate for upstream',
    find: 'if (rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {',
    replace: 'if (__oieRgiEmoji(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {',
  },
];
