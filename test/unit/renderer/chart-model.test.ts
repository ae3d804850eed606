import { describe, expect, it } from 'vitest';
import { canSortBy, type ChartModel, hasData, readoutOf, summaryOf, tableOrder } from '../../../src/renderer/src/lib/chart-model';
import { m } from '../../../src/shared/i18n';

const model: ChartModel = {
  id: 'by-hour',
  title: 'Calls and ASR by hour of day',
  categoryHeader: 'Hour',
  counted: m.errors_clock_hours,
  categories: ['00:00–01:00', '01:00–02:00', '02:00–03:00'],
  series: [
    { label: 'Calls', values: [3, 7, 0], kind: 'bar', format: 'count', totalled: true, tone: 'accent' },
    { label: 'ASR', values: [0.5, 0.25, null], kind: 'line', format: 'percent', totalled: false, tone: 'warning', secondary: true },
  ],
  horizontal: false,
  columns: [],
  drills: [{ operation: 'voiceRecords', fromMs: 0, toMs: 1, hourOfDay: 0 }, null, null],
  empty: 'No calls in this window.',
};

describe('a chart’s words', () => {
  it('the summary names each series’ peak and the count’s total', () => {
    expect(summaryOf(model)).toBe('3 hours. Calls: highest 7 at 01:00–02:00, 10 in all. ASR: highest 50.0% at 00:00–01:00.');
  });

  it('counts one category in the singular', () => {
    const one: ChartModel = { ...model, categories: ['00:00–01:00'], series: [{ ...model.series[0], values: [3] }], drills: [null] };
    expect(summaryOf(one)).toBe('1 hour. Calls: highest 3 at 00:00–01:00, 3 in all.');
  });

  it('a series its declaration does not total (a peak) gets no total, counts or not', () => {
    const peaks: ChartModel = { ...model, series: [{ ...model.series[0], label: 'Peak calls up at once', totalled: false }] };
    expect(summaryOf(peaks)).toBe('3 hours. Peak calls up at once: highest 7 at 01:00–02:00.');
  });

  it('the readout says a category’s figures and whether its rows can be opened', () => {
    expect(readoutOf(model, 0)).toBe('00:00–01:00: Calls 3, ASR 50.0% · click or press Enter to open its rows');
    expect(readoutOf(model, 2)).toBe('02:00–03:00: Calls 0, ASR –');
  });

  it('a chart of zeros has nothing to draw and says its empty text', () => {
    const zeros = { ...model, series: [{ ...model.series[0], values: [0, 0, 0] }] };
    expect(hasData(zeros)).toBe(false);
    expect(summaryOf(zeros)).toBe('No calls in this window.');
  });
});

describe('a chart’s table, sorted', () => {
  const table: ChartModel = {
    ...model,
    categories: ['+44 20', '+1 212', '+86 10', '+65 6'],
    columns: [
      { header: 'Calls', cells: ['5', '9', '9', '1'], numeric: true, values: [5, 9, 9, 1] },
      { header: 'ASR', cells: ['40.0%', '–', '10.0%', '100.0%'], numeric: true, values: [0.4, null, 0.1, 1] },
      { header: 'Cost', cells: ['EUR 1', 'USD 2', 'USD 3', 'EUR 4'], numeric: true },
    ],
    drills: [null, null, null, null],
  };

  it('keeps the chart’s order until asked, then sorts by a column’s numbers, ties in the chart’s order', () => {
    expect(tableOrder(table, null)).toEqual([0, 1, 2, 3]);
    expect(tableOrder(table, { column: 0, descending: true })).toEqual([1, 2, 0, 3]);
    expect(tableOrder(table, { column: 0, descending: false })).toEqual([3, 0, 1, 2]);
  });

  it('puts a row without a figure last both ways', () => {
    expect(tableOrder(table, { column: 1, descending: true })).toEqual([3, 0, 2, 1]);
    expect(tableOrder(table, { column: 1, descending: false })).toEqual([2, 0, 3, 1]);
  });

  it('sorts categories as the tables sort text: case aside (names equal but for it keep the chart\'s order both ways), digit runs as numbers', () => {
    const named: ChartModel = { ...table, categories: ['Seat b', 'Seat B', 'Seat 10', 'Seat 2'] };
    expect(tableOrder(named, { column: -1, descending: false })).toEqual([3, 2, 0, 1]);
    expect(tableOrder(named, { column: -1, descending: true })).toEqual([0, 1, 2, 3]);
  });

  it('sorts by the category as text, and not by money in several currencies', () => {
    expect(tableOrder(table, { column: -1, descending: false })).toEqual([1, 0, 3, 2]);
    expect(canSortBy(table, 2)).toBe(false);
    expect(tableOrder(table, { column: 2, descending: true })).toEqual([0, 1, 2, 3]);
  });
});
