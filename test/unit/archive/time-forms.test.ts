/**
 * A time column whose every text is its instant written one way is searched from the
 * instants, never by its text; a row must never be missed for it: not a needle in the
 * text's suffix or running into it, not a row of another form merged since (the column is
 * then searched by its text), not one written by another version (read at the next opening).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { isArchivedColumn, searchSql } from '../../../src/main/archive/shown-sql';
import { renderSql, withKnownTexts } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { amountFormOf, textOfTimeForm, timeFormOf, widenedForm, type TimeForm } from '../../../src/main/archive/time-forms';
import { buildSandboxData } from '../../../src/main/sandbox/data';
import { cellText, rawText } from '../../../src/shared/cell-text';
import { rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { listOf } from '../../../src/shared/operations';
import type { Timestamp, VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { stagedArchive } from './staged-archive';

const at = Date.UTC(2026, 10, 21, 23, 59, 56);

describe('the form of a stored time', () => {
  it('is its instant written with a separator, a suffix and the offset of its wall time', () => {
    expect(timeFormOf('2026-11-22T07:59:56+08:00', at)).toEqual({ separator: 'T', suffix: '+08:00', offsetMinutes: 480 });
    expect(timeFormOf('2026-11-21T18:59:56-05:00', at)).toEqual({ separator: 'T', suffix: '-05:00', offsetMinutes: -300 });
    expect(timeFormOf('2026-11-21T23:59:56Z', at)).toEqual({ separator: 'T', suffix: 'Z', offsetMinutes: 0 });
    // Without a suffix, the offset is the one the instant gives the wall time.
    expect(timeFormOf('2026-11-22 07:59:56', at)).toEqual({ separator: ' ', suffix: '', offsetMinutes: 480 });
    expect(timeFormOf('2026-11-22 13:44:56', at)).toEqual({ separator: ' ', suffix: '', offsetMinutes: 825 });
  });

  it('is none for a text that is not its own instant so written', () => {
    expect(timeFormOf('2026-11-22T07:59:56+08:00', at + 1000)).toBeNull();
    expect(timeFormOf('2026-11-22T07:59:56.000+08:00', at)).toBeNull();
    expect(timeFormOf('2026-11-22T07:59:56+0800', at)).toBeNull();
    expect(timeFormOf('2026-02-30T07:59:56+08:00', Date.UTC(2026, 2, 1, 23, 59, 56))).toBeNull();
    expect(timeFormOf('2026-11-22T24:00:00+08:00', Date.UTC(2026, 10, 22, 16))).toBeNull();
    expect(timeFormOf('1795305596', at)).toBeNull();
    expect(timeFormOf('2026-11-22 07:59:56', null)).toBeNull();
    expect(timeFormOf('2026-11-22 07:59:56', at + 500)).toBeNull();
    // Further from its instant than any offset: a day and more.
    expect(timeFormOf('2026-11-22 07:59:56', at - 86_400_000)).toBeNull();
    expect(timeFormOf('2026-11-22 07:59:56', at - 10 * 3_600_000)).toEqual({ separator: ' ', suffix: '', offsetMinutes: 1080 });
  });

  it('is written again from its instant as it was stored, for any instant of a four-digit year', () => {
    const form = fc.record({
      separator: fc.constantFrom('T', ' '),
      offsetMinutes: fc.integer({ min: -18 * 60, max: 18 * 60 }),
      suffix: fc.constantFrom('offset', 'Z', ''),
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('0001-01-02T00:00:00Z') / 1000, max: Date.parse('9999-12-30T00:00:00Z') / 1000 }), form, (seconds, { separator, offsetMinutes, suffix }) => {
        const epochMs = seconds * 1000;
        const sign = offsetMinutes < 0 ? '-' : '+';
        const written = suffix === 'offset' ? `${sign}${String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0')}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}` : suffix;
        const wall = new Date(epochMs + (suffix === 'Z' ? 0 : offsetMinutes) * 60_000);
        const text = `${String(wall.getUTCFullYear()).padStart(4, '0')}-${wall.toISOString().slice(-19, -14)}${separator}${wall.toISOString().slice(-13, -5)}${written}`;
        const read = timeFormOf(text, epochMs);
        expect(read).not.toBeNull();
        expect(textOfTimeForm(epochMs, read as TimeForm)).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('of an amount is its value written with as many decimals as its text has', () => {
    expect(amountFormOf('0.057200', 0.0572)).toBe('fixed:6');
    expect(amountFormOf('12', 12)).toBe('fixed:0');
    expect(amountFormOf('-3.50', -3.5)).toBe('fixed:2');
    for (const [text, value] of [['1e-7', 1e-7], ['+5', 5], ['.5', 0.5], ['5.', 5], ['-0.00', -0], ['0.0572', 0.0573], ['1.0', null]] as const) {
      expect(amountFormOf(text, value)).toBeNull();
    }
  });

  it('of a column is one form only while every text has it', () => {
    expect(widenedForm('', 'T+08:00@480')).toBe('T+08:00@480');
    expect(widenedForm('T+08:00@480', 'T+08:00@480')).toBe('T+08:00@480');
    expect(widenedForm('T+08:00@480', '')).toBe('T+08:00@480');
    expect(widenedForm('T+08:00@480', 'T-05:00@-300')).toBe('?');
    expect(widenedForm('?', 'T+08:00@480')).toBe('?');
  });
});

const platformZone = parseTimeZone('+08:00') as TimeZone;
const list = listOf('voiceRecords');
const table = archiveTableFor('voiceRecords');
const columns: readonly Column<VoiceRecord>[] = list.columns;
const archivedColumns = columns.filter((column) => isArchivedColumn(table.layout, column.key));
const data = buildSandboxData({ seed: 31, anchor: new Date('2026-11-22T00:00:00Z'), volume: 'small', workspace: 'time-forms' });

/** A time written at an offset, with a separator and a suffix. */
function written(stamp: Timestamp | null, offsetMinutes: number, separator: string, suffix: string): Timestamp | null {
  if (stamp?.epochMs === null || stamp?.epochMs === undefined) return stamp;
  const wall = new Date(stamp.epochMs + offsetMinutes * 60_000).toISOString();
  return { text: `${wall.slice(0, 10)}${separator}${wall.slice(11, 19)}${suffix}`, epochMs: stamp.epochMs };
}

/** Each time column of another form: one at a negative offset (its suffix holds digits and a dash), one without a suffix, one in UTC, one of two forms. */
const rows: VoiceRecord[] = Array.from({ length: 240 }, (_, i) => {
  const record = list.toRow(list.normalise(data.voiceRecordAt(Math.floor((i * data.voiceRecordCount) / 240)) as unknown as Record<string, unknown>, { zone: platformZone }));
  return {
    ...record,
    submitTime: written(record.submitTime, -300, 'T', '-05:00'),
    callTime: written(record.callTime, 480, ' ', ''),
    ringingTime: written(record.ringingTime, 0, 'T', 'Z'),
    answerTime: i % 2 === 0 ? written(record.answerTime, 330, 'T', '+05:30') : record.answerTime,
  };
});

const ZONES = [platformZone, parseTimeZone('-05:00') as TimeZone, parseTimeZone('America/New_York') as TimeZone, parseTimeZone('Asia/Shanghai') as TimeZone];
const TIME_COLUMNS = columns.filter((column) => column.kind === 'time');
/** Digits and the separators, or a piece of a time as a row stores or shows it (so that most needles find something). */
const needle = fc.oneof(
  fc.array(fc.constantFrom(...'0123456789', '-', ':', ' '), { minLength: 1, maxLength: 7 }).map((chars) => chars.join('')),
  fc.tuple(fc.nat(rows.length - 1), fc.nat(TIME_COLUMNS.length - 1), fc.nat(26), fc.integer({ min: 1, max: 12 }), fc.constantFrom(...ZONES), fc.boolean()).map(
    ([row, column, from, length, zone, stored]) => {
      const shown = TIME_COLUMNS[column] as Column<VoiceRecord>;
      const record = rows[row] as VoiceRecord;
      return (stored ? rawText(shown, record) : cellText(shown, record, zone)).slice(from, from + length);
    },
  ),
);

describe('a time needle over columns of one form', () => {
  const archive = stagedArchive(table, rows);

  it('finds what the table finds, in four zones, with and without the rows\' span', async () => {
    const all = (await archive().page(table, {}, 0, 1_000)).records;
    const span = { fromMs: Date.UTC(2026, 8, 1), toMs: Date.UTC(2026, 10, 23) };
    const asked = async (typed: string, zone: TimeZone, withSpan: boolean): Promise<void> => {
      if (typed.trim() === '') return;
      const keep = rowPredicate(archivedColumns, [], typed, zone);
      const expected = all.filter((row) => keep?.(row) ?? true).map((row) => row.voiceId).sort();
      const condition = searchSql(table.layout, columns, typed, zone, withSpan ? span : undefined);
      const page = await archive().page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
      expect(page.records.map((row) => row.voiceId).sort(), `"${typed}" in ${zone.name}${withSpan ? ' with the span' : ''}`).toEqual(expected);
    };
    // In a suffix, running into one, across a separator, a whole time of each form, and parts past their range.
    for (const typed of ['-05:00', '56-05', '6-0', ':00', '05:30', '+05', '23:59', '22 07', '2026-11-2', '07:59:56', '2026-11-21 18', '0', '00:0', '39:67', '00:75', '12:60', '24:00']) {
      for (const zone of ZONES) await asked(typed, zone, true);
    }
    await fc.assert(fc.asyncProperty(needle, fc.constantFrom(...ZONES), fc.boolean(), asked), { numRuns: 300 });
  }, 120_000);

  it('reads a column of one form from its instants alone, and a column of two by its text', () => {
    const condition = searchSql(table.layout, columns, '07:59', platformZone);
    if (!condition) throw new Error('A needle has a condition.');
    const forms: Record<string, ReturnType<typeof timeFormOf>> = {
      submitTime: { separator: 'T', suffix: '-05:00', offsetMinutes: -300 },
      hangupTime: { separator: 'T', suffix: '+08:00', offsetMinutes: 480 },
    };
    const decided = renderSql(withKnownTexts(condition, { mayHold: () => true, formOf: (column) => forms[column] ?? null })).text;
    expect(decided).not.toContain('contains("submitTime"');
    expect(decided).not.toContain('contains("hangupTime"');
    expect(decided).toContain('contains("answerTime"');
  });
});

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function openStore(): Promise<{ path: string; store: ArchiveStore }> {
  const folder = mkdtempSync(join(tmpdir(), 'time-forms-'));
  folders.push(folder);
  const path = join(folder, 'archive.duckdb');
  return { path, store: (await ArchiveStore.open(path)).store };
}

async function found(store: ArchiveStore, typed: string): Promise<string[]> {
  const condition = searchSql(table.layout, columns, typed, platformZone);
  const page = await store.page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
  return page.records.map((record) => record.voiceId ?? '').sort();
}

describe('the forms an archive keeps', () => {
  const plain = rows.slice(0, 20).map((record) => ({ ...record, hangupTime: written(record.hangupTime, 480, 'T', '+08:00') }));
  const row = (key: string, kept: string): string =>
    `INSERT INTO "voiceRecords" ("_key", "_time", "_scope", "_seen", "voiceId", "hangupTime", "hangupTime__n", "_chars_kept", "_forms_kept") VALUES ('${key}', 1, '', 3000, '${key}-1', 'at 19:95', NULL, TRUE, ${kept})`;

  /** The plain rows archived (none holds 9:9), the statements run on the closed file as another writer would, and the archive opened again. */
  async function reopenedAfter(statements: readonly string[]): Promise<ArchiveStore> {
    const { path, store } = await openStore();
    await store.stage(table, plain, 0, 1_000);
    await store.commit(table, null);
    expect(await found(store, '9:9')).toEqual([]);
    await store.close();
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    for (const statement of statements) await connection.run(statement);
    connection.closeSync();
    instance.closeSync();
    return (await ArchiveStore.open(path)).store;
  }

  it('widen with a row of another form merged since', async () => {
    const { store } = await openStore();
    try {
      await store.stage(table, plain, 0, 1_000);
      await store.commit(table, null);
      expect(await found(store, '9:9')).toEqual([]);
      const odd = { ...plain[0], voiceId: 'odd-1', hangupTime: { text: 'at 19:95', epochMs: null } } as VoiceRecord;
      await store.stage(table, [odd], 20, 2_000);
      await store.commit(table, null);
      expect(await found(store, '9:9')).toEqual(['odd-1']);
    } finally {
      await store.close();
    }
  });

  it('give a page its times and amounts as stored: a column of one form written again from its numbers, any other read', async () => {
    const times = (record: VoiceRecord | undefined): unknown[] =>
      record
        ? [record.submitTime, record.callTime, record.ringingTime, record.answerTime, record.hangupTime, record.cost, record.rate, record.baseCost, record.settleRate, record.quoteExchange, record.settlePay]
        : [];
    const byId = async (store: ArchiveStore): Promise<Map<string, VoiceRecord>> =>
      new Map((await store.page(table, {}, 0, 1_000)).records.map((record) => [record.voiceId ?? '', record]));
    const { store } = await openStore();
    try {
      await store.stage(table, rows, 0, 1_000);
      await store.commit(table, null);
      const read = await byId(store);
      for (const record of rows) expect(times(read.get(record.voiceId ?? ''))).toEqual(times(record));
      // A text of no form merged since, a time's and an amount's: their columns are read again, for every row.
      const odd = { ...rows[0], voiceId: 'odd-1', hangupTime: { text: 'at 19:95', epochMs: null }, cost: { text: '1.5', value: 1.5 } } as VoiceRecord;
      await store.stage(table, [odd], rows.length, 2_000);
      await store.commit(table, null);
      const after = await byId(store);
      expect(after.get('odd-1')?.hangupTime).toEqual({ text: 'at 19:95', epochMs: null });
      expect(after.get('odd-1')?.cost).toEqual({ text: '1.5', value: 1.5 });
      for (const record of rows) expect(times(after.get(record.voiceId ?? ''))).toEqual(times(record));
      // And a page of 25, read through the chunks a list pages through.
      const first = (await store.page(table, { sort: { field: 'callTime', descending: true } }, 0, 25)).records;
      for (const record of first) expect(times(record)).toEqual(times(rows.find((row) => row.voiceId === record.voiceId) ?? odd));
    } finally {
      await store.close();
    }
  });

  it('are what the search reads: a column of one form is not read by its text', async () => {
    // A row whose text is changed behind the archive's back, said to be in its facts: only the text holds the needle.
    const store = await reopenedAfter([row('lie', 'TRUE')]);
    try {
      expect(await found(store, '9:9')).toEqual([]);
      expect(await found(store, '')).toContain('lie-1');
    } finally {
      await store.close();
    }
  });

  it('damaged in _meta are worked out again from every row at the next opening', async () => {
    const store = await reopenedAfter([row('lie', 'TRUE'), `UPDATE _meta SET value = '{"submitTime":"T+08:00@8h"}' WHERE key = 'time-forms:voiceRecords'`]);
    try {
      expect(await found(store, '9:9')).toEqual(['lie-1']);
    } finally {
      await store.close();
    }
  });

  it('widen with rows another version wrote without them, once the archive is opened again', async () => {
    // An earlier version merges a row as it always did: its own columns, and its kinds of character, nothing of the forms.
    const store = await reopenedAfter([row('other', 'NULL')]);
    try {
      expect(await found(store, '9:9')).toEqual(['other-1']);
    } finally {
      await store.close();
    }
  });
});

/** Rows every five minutes from an hour before to an hour after each change of offset of two zones in 2026. */
const changes = [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 3, 4, 15), Date.UTC(2026, 9, 3, 16)];
const beside: VoiceRecord[] = changes.flatMap((change, c) =>
  Array.from({ length: 25 }, (_, i) => {
    const record = rows[(c * 25 + i) % rows.length] as VoiceRecord;
    const epochMs = change - 3_600_000 + i * 300_000;
    return { ...record, voiceId: `beside-${c}-${i}`, submitTime: written({ text: '', epochMs }, 480, 'T', '+08:00') };
  }),
);

describe('a shown time beside a change of offset', () => {
  const archive = stagedArchive(table, beside);

  it('is read at its own offset, to the quarter hour', async () => {
    const all = (await archive().page(table, {}, 0, 1_000)).records;
    const span = { fromMs: Date.UTC(2026, 0, 1), toMs: Date.UTC(2026, 11, 31) };
    const submitTime = columns.find((column) => column.key === 'submitTime') as Column<VoiceRecord>;
    for (const zone of [parseTimeZone('America/New_York') as TimeZone, parseTimeZone('Australia/Lord_Howe') as TimeZone]) {
      for (const record of all) {
        const shown = cellText(submitTime, record, zone);
        for (const typed of [shown.slice(11, 16), shown.slice(8, 13)]) {
          const keep = rowPredicate(archivedColumns, [], typed, zone);
          const expected = all.filter((row) => keep?.(row) ?? true).map((row) => row.voiceId).sort();
          const condition = searchSql(table.layout, columns, typed, zone, span);
          const page = await archive().page(table, condition ? { shown: [condition] } : {}, 0, 1_000);
          expect(page.records.map((row) => row.voiceId).sort(), `"${typed}" in ${zone.name}`).toEqual(expected);
        }
      }
    }
  }, 120_000);
});
