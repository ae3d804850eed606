import { describe, expect, it } from 'vitest';
import { parseNumberFilter, passesNumberTest } from '../../../src/shared/number-filter';

describe('a number filter as typed', () => {
  it('reads a number, a comparison and a range', () => {
    expect(parseNumberFilter('1')).toEqual({ op: '=', value: 1 });
    expect(parseNumberFilter(' -1 ')).toEqual({ op: '=', value: -1 });
    expect(parseNumberFilter('= 2.5')).toEqual({ op: '=', value: 2.5 });
    expect(parseNumberFilter('>= 30')).toEqual({ op: '>=', value: 30 });
    expect(parseNumberFilter('>30')).toEqual({ op: '>', value: 30 });
    expect(parseNumberFilter('<= 5')).toEqual({ op: '<=', value: 5 });
    expect(parseNumberFilter('< 5')).toEqual({ op: '<', value: 5 });
    expect(parseNumberFilter('!= 0')).toEqual({ op: '!=', value: 0 });
    expect(parseNumberFilter('≥ 7')).toEqual({ op: '>=', value: 7 });
    expect(parseNumberFilter('10-60')).toEqual({ op: 'between', low: 10, high: 60 });
    expect(parseNumberFilter('10 .. 60')).toEqual({ op: 'between', low: 10, high: 60 });
    expect(parseNumberFilter('60-10')).toEqual({ op: 'between', low: 10, high: 60 });
    expect(parseNumberFilter('-5--1')).toEqual({ op: 'between', low: -5, high: -1 });
  });

  it('reads m:ss only for durations', () => {
    expect(parseNumberFilter('1:30', { durations: true })).toEqual({ op: '=', value: 90 });
    expect(parseNumberFilter('> 1:00', { durations: true })).toEqual({ op: '>', value: 60 });
    expect(parseNumberFilter('0:30-2:00', { durations: true })).toEqual({ op: 'between', low: 30, high: 120 });
    expect(parseNumberFilter('1:30')).toBeNull();
  });

  it('is no number filter for words, half a comparison or an open range', () => {
    for (const text of ['', 'connected', '>=', '1-', '>= x', '1 2', '1e5', '--1', 'EUR']) expect(parseNumberFilter(text), text).toBeNull();
  });

  it('compares numbers: 1 is not -1, 10, or 1.5', () => {
    const one = parseNumberFilter('1');
    if (!one) throw new Error('no test');
    expect([1, -1, 10, 1.5, null].map((value) => passesNumberTest(one, value))).toEqual([true, false, false, false, false]);
    const range = parseNumberFilter('10-60');
    if (!range) throw new Error('no test');
    expect([9, 10, 35, 60, 61].map((value) => passesNumberTest(range, value))).toEqual([false, true, true, true, false]);
  });
});
