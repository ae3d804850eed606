/**
 * Cost per currency beside the comparison period's is one rule (shared/reports/compare.ts):
 * the Overview's tiles and its workbook's Compared table list the same currencies with the
 * same changes, a currency the compared period had and this window has not included (its
 * cost fell to nothing: −100.0%, not a tile that vanishes while the file lists it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { overviewSheets } from '../../../src/main/export/summary/overview-sheets';
import { computeOverview } from '../../../src/main/reports/compute-overview';
import { numberFigures, voiceFigures } from '../../../src/renderer/src/lib/overview-figures';
import { listOf } from '../../../src/shared/operations';
import type { Overview } from '../../../src/shared/reports/overview';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { emptyArchive, type TestArchive } from './sandbox-archive';

const ZONE = 'Europe/London';
// The day the clocks go back (25 hours), compared with the day before it.
const WINDOW = { fromMs: Date.parse('2026-10-25T00:00:00+01:00'), toMs: Date.parse('2026-10-26T00:00:00Z') };
const call = (id: string, at: string, cost: string, currency: string | null) => ({
  voiceId: id,
  submitTime: at,
  callTime: at,
  hangupTime: at,
  callDuration: 0,
  chargedDuration: 0,
  cost,
  currency,
  callStatus: 50,
});
// Number records' times carry no offset: read in the profile's zone (+08:00 below).
const numberCall = (id: string, at: string, pay: string, currency: string | null) => ({ callid: id, number: '100', startTime: at, endTime: at, callDuration: 0, pay, currency });
const NUMBER_CALLS = [
  numberCall('n1', '2026-10-25 17:00:00', '3', 'EUR'), // this window: EUR 3
  numberCall('n2', '2026-10-24 17:00:00', '2', 'EUR'), // the day before: EUR 2 and USD 5
  numberCall('n3', '2026-10-24 18:00:00', '5', null),
];
const CALLS = [
  call('a', '2026-10-25T09:00:00+00:00', '2.5', null), // this window: USD only
  call('b', '2026-10-24T09:00:00+01:00', '1.25', null), // the day before: USD and EUR
  call('c', '2026-10-24T10:00:00+01:00', '4', 'EUR'),
];

describe('cost per currency beside the compared period', () => {
  let archive: TestArchive;
  let overview: Overview;
  beforeAll(async () => {
    archive = await emptyArchive();
    const zone = parseTimeZone('+08:00') as TimeZone;
    const rows = CALLS.map((raw) => listOf('voiceRecords').normalise(raw, { zone }));
    await archive.store.stage(archiveTableFor('voiceRecords'), rows, 0, Date.now());
    await archive.store.commit(archiveTableFor('voiceRecords'), null);
    const numberRows = NUMBER_CALLS.map((raw) => listOf('numberRecords').normalise(raw, { zone }));
    await archive.store.stage(archiveTableFor('numberRecords'), numberRows, 0, Date.now());
    await archive.store.commit(archiveTableFor('numberRecords'), null);
    const computed = await computeOverview({ store: archive.store, profileId: 'p', timeZone: ZONE, window: WINDOW, compare: 'previous', mmsSends: [] });
    if (!computed.ok) throw new Error(computed.error.message);
    overview = computed.value;
  });
  afterAll(() => archive.remove());

  it('is the same on the tiles and in the workbook, a currency gone to nothing included', () => {
    const compared = overview.compared;
    if (!compared) throw new Error('no comparison');
    expect(compared.voice.totals.cost).toEqual([
      { currency: 'EUR', amount: 4 },
      { currency: 'USD', amount: 1.25 },
    ]);
    const tiles = voiceFigures(overview.voice.totals, compared.voice.totals)
      .filter((tile) => tile.id.startsWith('cost-'))
      .map((tile) => [tile.label, tile.value, tile.delta?.text ?? null]);
    expect(tiles).toEqual([
      ['Cost (EUR)', '0.0000', '−100.0%'],
      ['Cost (USD)', '2.5000', '+100.0%'],
    ]);

    const sheet = overviewSheets(overview, 'p')[0].sheet;
    const table = sheet.tables.find((candidate) => candidate.title === 'Compared');
    const rows = (table?.rows ?? []).filter((row) => String(row[0].value).startsWith('Cost (')).map((row) => [row[0].value, row[1].value, row[2].value, row[3].value]);
    expect(rows).toEqual([
      ['Cost (EUR)', 0, 4, '−100.0%'],
      ['Cost (USD)', 2.5, 1.25, '+100.0%'],
    ]);
    expect(rows.map((row) => [row[0], row[3]])).toEqual(tiles.map((tile) => [tile[0], tile[2]]));
  });

  it('without a comparison, lists the window’s own currencies only, without changes', () => {
    const tiles = voiceFigures(overview.voice.totals).filter((tile) => tile.id.startsWith('cost-'));
    expect(tiles.map((tile) => [tile.label, tile.value, tile.delta])).toEqual([['Cost (USD)', '2.5000', undefined]]);
  });

  it('of the number records, is the same on the tiles and in the workbook: one tile per currency with its change', () => {
    const compared = overview.compared;
    if (!compared) throw new Error('no comparison');
    const tiles = numberFigures(overview.numbers, compared.numbers)
      .filter((tile) => tile.id.startsWith('number-cost'))
      .map((tile) => [tile.label, tile.value, tile.delta?.text ?? null]);
    expect(tiles).toEqual([
      ['Cost (EUR)', '3.0000', '+50.0%'],
      ['Cost (USD)', '0.0000', '−100.0%'],
    ]);
    const sheet = overviewSheets(overview, 'p')[1].sheet;
    const table = sheet.tables.find((candidate) => candidate.title === 'Compared');
    const rows = (table?.rows ?? []).filter((row) => String(row[0].value).startsWith('Cost (')).map((row) => [row[0].value, row[3].value]);
    expect(rows).toEqual(tiles.map((tile) => [tile[0], tile[2]]));
    // Without a comparison, the window's own currencies, one tile each, without changes.
    expect(numberFigures(overview.numbers).filter((tile) => tile.id.startsWith('number-cost')).map((tile) => [tile.label, tile.value, tile.delta])).toEqual([['Cost (EUR)', '3.0000', undefined]]);
  });
});
