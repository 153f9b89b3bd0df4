// Shapes shared by the decoder and the UI. Plain data, so a screen can cache and slice it.

/** One labelled line of a detail pane. `value` is already sanitised and single-line. */
export interface Fact {
  label: string;
  value: string;
}

/**
 * A JSON document as the decoder saw it. Values are raw (unsanitised): renderers must sanitise.
 * `truncated` counts entries left out when a container was longer than the cap.
 */
export type JsonNode =
  | { kind: 'object'; entries: { key: string; value: JsonNode }[]; truncated?: number }
  | { kind: 'array'; items: JsonNode[]; truncated?: number }
  | { kind: 'string'; value: string }
  /** A string when the number could not be held exactly by a double (big integers, overflow). */
  | { kind: 'number'; value: number | string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  /** A JSON object or array that arrived inside a string, decoded in place. */
  | { kind: 'embedded'; raw: string; value: JsonNode }
  /** Something left out on purpose (depth cap, size cap); `reason` says why. */
  | { kind: 'elided'; reason: string };

export interface DecodedContent {
  /** Word for the contentType, e.g. 'Text' or 'Unknown (1234)'. */
  typeName: string;
  /** One sanitised line for a table cell. */
  summary: string;
  facts: Fact[];
  /** null when there was nothing to show (empty content). */
  tree: JsonNode | null;
  /** Problems met while decoding, in plain words. */
  notes: string[];
  /** The content exactly as received. Untrusted: sanitise before printing. */
  raw: string;
}
