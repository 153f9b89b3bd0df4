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
// Both are rare, so the walk runs only when one happened: the schemas' int says when it made an
// unsafe number of a digit string, and the reply's depth guard (http.ts limitDepth), which reads
// every key, says when one was `__proto__`.

/** Holder object -> key -> the digits the server sent for a field that became an unsafe number. */
const digitsByHolder = new WeakMap<object, Map<string, string>>();
let anyDigits = false;
/** Set by the schemas (noteLostDigits) since the last keepWireDetail. */
let lostDigits = false;

/**
 * Called by the schemas' int when a digit string became a number that is not a safe integer. (It
 * replaced a regular expression run over every reply's whole text: 2% of a walk's CPU.)
 */
export function noteLostDigits(): void {
  lostDigits = true;
}

/** The digits the server sent for `holder[key]`, when the parsed number lost them. */
export function rawDigits(holder: unknown, key: string): string | undefined {
  if (!anyDigits || holder === null || typeof holder !== 'object') return undefined;
  return digitsByHolder.get(holder)?.get(key);
}

/** Whether any reply so far had such digits: lets encoders skip the look-up entirely. */
export function hasRawDigits(): boolean {
  return anyDigits;
}

const DIGITS = /^-?\d+$/;

/**
 * Walks `input` (the reply's data as JSON.parse gave it) beside `output` (the same after the
 * schema) and restores `__proto__` keys and long digit strings on `output`. `protoKeys`: whether
 * the reply has any `__proto__` key (escaped in the text or not: JSON.parse's key is the same).
 * Called right after the schema parsed `input`, in the same synchronous step.
 */
export function keepWireDetail(input: unknown, output: unknown, protoKeys: boolean): void {
  const longDigits = lostDigits;
  lostDigits = false;
  if (!protoKeys && !longDigits) return;
  const stack: [unknown, unknown][] = [[input, output]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
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
        anyDigits = true;
      } else if (value !== null && typeof value === 'object') {
        stack.push([value, parsed]);
      }
    }
  }
}
