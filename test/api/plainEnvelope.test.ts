// A reply's envelope whose fields already have the types the envelope schema gives back is taken
// as it is (plainEnvelope in src/api/schemas.ts): for every envelope, what the HTTP layer reads of
// it (errCode, errMsg, errDlt, data) is what the schema gives, and anything the fast path does not
// take goes through the schema (so every error stays the schema's).
import { describe, expect, it } from 'vitest';
import { envelopeSchema, plainEnvelope } from '../../src/api/schemas.js';

const values: unknown[] = [undefined, null, 0, -0, 3, 1.5, 1e308, '', 'text', '7', '99999999999999999999', true, {}, [], JSON.parse('1e400')];

function envelopes(): unknown[] {
  const base = { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [] } };
  const out: unknown[] = [null, undefined, 0, 'x', [], [base], {}, base, { ...base, extra: 1 }, JSON.parse('{"__proto__":{"a":1},"errCode":0,"errMsg":"","errDlt":""}')];
  for (const key of Object.keys(base)) {
    for (const value of values) {
      const changed: Record<string, unknown> = { ...base };
      if (value === undefined) delete changed[key];
      else changed[key] = value;
      out.push(changed);
    }
  }
  return out;
}

/** What http.ts reads of a parse: success and the four fields, or the issues. */
function read(result: ReturnType<typeof envelopeSchema.safeParse> | NonNullable<ReturnType<typeof plainEnvelope>>): unknown {
  if (!result.success) return { issues: result.error.issues.map((i) => ({ path: i.path, message: i.message })) };
  const { errCode, errMsg, errDlt, data } = result.data;
  return { errCode, errMsg, errDlt, data };
}

describe('plainEnvelope', () => {
  it('reads as the envelope schema does, for every envelope, and leaves to it every one it cannot take as it is', () => {
    const all = envelopes();
    let taken = 0;
    for (const envelope of all) {
      const fast = plainEnvelope(envelope);
      if (fast) taken++;
      expect(read(fast ?? envelopeSchema.safeParse(envelope)), JSON.stringify(envelope)).toEqual(read(envelopeSchema.safeParse(envelope)));
      // Taken as it is only when the schema would succeed.
      if (fast) expect(envelopeSchema.safeParse(envelope).success).toBe(true);
    }
    // The healthy server's envelope is taken; a number given as a string, a missing message or an
    // infinite code are the schema's.
    expect(plainEnvelope({ errCode: 0, errMsg: '', errDlt: '', data: null })).toBeDefined();
    expect(plainEnvelope({ errCode: '0', errMsg: '', errDlt: '' })).toBeUndefined();
    expect(plainEnvelope({ errCode: 0, errDlt: '' })).toBeUndefined();
    expect(plainEnvelope(JSON.parse('{"errCode":1e400,"errMsg":"","errDlt":""}'))).toBeUndefined();
    expect(taken).toBeGreaterThan(10);
  });
});
