// The Prometheus text format read strictly and within bounds: every line that is not the format's
// is skipped and counted, hostile input (huge lines, label floods, control bytes, random bytes)
// never throws, and the bounds hold.
import { describe, expect, it } from 'vitest';
import { EXPOSITION_LIMITS, parseExposition } from '../../src/domain/exposition.js';
import { prng } from '../support/prng.js';

describe('the exposition parser', () => {
  it('reads samples with labels, escapes, special values and timestamps, and the TYPE lines', () => {
    const page = [
      '# HELP online_user_num The number of online user num',
      '# TYPE online_user_num gauge',
      'online_user_num 42',
      '# TYPE api_count counter',
      'api_count{code="0",method="POST",path="/user/get_users"} 17 1700000000000',
      'api_count{path="/a\\"b\\\\c\\nd",code="1001",} 2',
      'weird:name_total +Inf',
      'nan_metric NaN',
      'sci 1.5e3',
      '',
      '# a plain comment',
    ].join('\n');
    const read = parseExposition(page);
    expect(read.skipped).toBe(0);
    expect(read.truncated).toBe(false);
    expect(read.types.get('online_user_num')).toBe('gauge');
    expect(read.samples.map((s) => [s.name, s.value])).toEqual([
      ['online_user_num', 42],
      ['api_count', 17],
      ['api_count', 2],
      ['weird:name_total', Infinity],
      ['nan_metric', NaN],
      ['sci', 1500],
    ]);
    expect(read.samples[2]!.labels).toEqual({ path: '/a"b\\c\nd', code: '1001' });
  });

  it('skips and counts each malformed line, keeping the good ones around it', () => {
    const page = [
      'good 1',
      'no_value',
      'bad{code="0" 1',
      'bad{code=0} 1',
      'bad{="x"} 1',
      'bad{a="1",a="2"} 1',
      'bad{a="\\q"} 1',
      '9starts_with_digit 1',
      'value_not_a_number 0x10',
      'too many fields 1 2 3',
      'ts_not_integer 1 1.5',
      '# TYPE x notatype',
      'good2{le="+Inf"} 3\r',
    ].join('\n');
    const read = parseExposition(page);
    expect(read.samples.map((s) => s.name)).toEqual(['good', 'good2']);
    expect(read.skipped).toBe(11);
  });

  it('holds its bounds: an overlong line is skipped, and past the line or sample bound the rest is left unread', () => {
    const long = `x{a="${'y'.repeat(EXPOSITION_LIMITS.lineLength)}"} 1`;
    expect(parseExposition(`${long}\nok 1`)).toMatchObject({ skipped: 1, samples: [{ name: 'ok' }] });
    const many = Array.from({ length: 50 }, (_, i) => `m${i} ${i}`).join('\n');
    const cut = parseExposition(many, { ...EXPOSITION_LIMITS, samples: 10 });
    expect(cut.samples).toHaveLength(10);
    expect(cut.truncated).toBe(true);
    const labels = Array.from({ length: EXPOSITION_LIMITS.labels + 1 }, (_, i) => `l${i}="v"`).join(',');
    expect(parseExposition(`flood{${labels}} 1`).skipped).toBe(1);
  });

  it('never throws on random bytes, control characters or half lines, and counts what it skipped', () => {
    const random = prng(51);
    const alphabet = 'ab_{}="\\,# \t\n\r0123456789.eE+-:\u0000\u001b\u009b\u2028é';
    for (let round = 0; round < 300; round++) {
      const length = Math.floor(random() * 400);
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const read = parseExposition(text);
      expect(read.samples.length + read.skipped).toBeLessThanOrEqual(text.split('\n').length);
      for (const sample of read.samples) expect(sample.name).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/);
    }
  });

  it('reads a 5 MB page of garbage in bounded work, none of it as samples', () => {
    const garbage = 'x'.repeat(1000) + '{{{{\n';
    const read = parseExposition(garbage.repeat(5000));
    expect(read.samples).toEqual([]);
    expect(read.skipped).toBe(5000);
  });
});
