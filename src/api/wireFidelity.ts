// What the schemas lose of the server's data, put back so that JSON and CSV output (and a copied
// row) carry exactly what the server sent:
//
// - zod drops every `__proto__` key (assigning one to a plain object would replace its prototype)
//   although it keeps every other unknown key. JSON.parse makes such a key an ordinary own
//   property; here it is defined again (defineProperty: never the prototype) on the parsed row.
// - An int64 sent as a digit string too long for a double (some proxies quote int64) becomes a
//   rounded number, or Infinity: the digits are kept beside the row, keyed by the object holding
//   the field, for the encoders (see rawDigits). The number stays in the row for the UI, whose
//   times and codes want numbers.
//
// Both are rare, so the walk runs only when one happened: the reply's depth guard (http.ts
// limitDepth), which reads every key and value, says when a key was `__proto__` and when a string
// was long enough to be such digits. Nothing here is process-wide: what was kept hangs off the
// parsed objects themselves (weakly), so two clients, or two tests, never see each other's.

const DIGITS = /^-?\d+$/;

/** Holder object -> key -> the digits the server sent for a field that became an unsafe number. */
const digitsByHolder = new WeakMap<object, Map<string, string>>();
/** Every object that holds such digits somewhere inside it (the holder and all it sits in). */
const carriers = new WeakSet<object>();

/** The digits the server sent for `holder[key]`, when the parsed number lost them. */
export function rawDigits(holder: unknown, key: string): string | undefined {
  if (holder === null || typeof holder !== 'object') return undefined;
  return digitsByHolder.get(holder)?.get(key);
}

/**
 * Whether `value` (a row, a page's rows, a detail) has such digits anywhere: lets encoders skip
 * the look-up entirely. An array is asked of its items too (a page's rows are often a new array).
 */
export function carriesRawDigits(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return carriers.has(value) || (Array.isArray(value) && value.some(carriesRawDigits));
}

/** A string the depth guard hands on: digits too many for a safe integer (9007199254740991 has 16). */
export function mayBeLongDigits(s: string): boolean {
  return s.length >= 16 && DIGITS.test(s);
}


/**
 * Walks `input` (the reply's data as JSON.parse gave it) beside `output` (the same after the
 * schema) and restores `__proto__` keys and long digit strings on `output`. `protoKeys`: whether
 * the reply has any `__proto__` key (escaped in the text or not: JSON.parse's key is the same);
 * `longDigits`, whether any string in it may be digits too long for a double (mayBeLongDigits).
 * Called right after the schema parsed `input`, in the same synchronous step.
 */
export function keepWireDetail(input: unknown, output: unknown, protoKeys: boolean, longDigits: boolean): void {
  if (!protoKeys && !longDigits) return;
  // Each entry carries the objects it sits in, so that a holder marks them all as carriers.
  const stack: [unknown, unknown, readonly object[]][] = [[input, output, []]];
  while (stack.length > 0) {
    const [from, to, outer] = stack.pop()!;
    if (from === null || typeof from !== 'object' || to === null || typeof to !== 'object') continue;
    // An unknown field's value is passed through as it was parsed: nothing of it was lost.
    if (from === to) continue;
    for (const key of Object.keys(from)) {
      const value: unknown = (from as Record<string, unknown>)[key];
      if (key === '__proto__') {
        if (protoKeys && !Object.hasOwn(to, key)) {
          Object.defineProperty(to, key, { value, enumerable: true, writable: true, configurable: true });
        }
        continue;
      }
      if (!Object.hasOwn(to, key)) continue;
      const parsed: unknown = (to as Record<string, unknown>)[key];
      if (longDigits && typeof value === 'string' && typeof parsed === 'number' && !Number.isSafeInteger(parsed) && DIGITS.test(value)) {
        let fields = digitsByHolder.get(to);
        if (!fields) digitsByHolder.set(to, (fields = new Map()));
        fields.set(key, value);
        carriers.add(to);
        for (const o of outer) carriers.add(o);
      } else if (value !== null && typeof value === 'object') {
        stack.push([value, parsed, [...outer, to]]);
      }
    }
  }
}
