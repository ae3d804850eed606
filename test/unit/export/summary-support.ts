/**
 * Reading a Summary sheet back (SheetJS) and working out what it should say from the
 * sandbox's own records with plain loops: Intl for hours and days in a zone, Number() for
 * amounts, nothing from the app.
 */
import type * as XLSX from 'xlsx';
import type { Grid } from './support';

export type Cell = string | number | null;
export type TableRow = Record<string, Cell>;
type Raw = Record<string, unknown>;

/** The tables of a Summary sheet by title, each row keyed by its column header. */
export function summaryTables(grid: Grid): Record<string, TableRow[]> {
  const titleRow = grid.findIndex((row) => row.includes('Totals'));
  if (titleRow < 0) throw new Error('no Totals table on the Summary sheet');
  const titles = grid[titleRow];
  const headers = grid[titleRow + 1];
  const tables: Record<string, TableRow[]> = {};
  titles.forEach((title, first) => {
    if (typeof title !== 'string') return;
    let end = first;
    while (end < headers.length && headers[end] !== null) end++;
    const rows: TableRow[] = [];
    for (let r = titleRow + 2; r < grid.length; r++) {
      const cells = grid[r].slice(first, end);
      if (cells.every((value) => value === null || value === undefined)) break;
      const row: TableRow = {};
      for (let c = first; c < end; c++) row[String(headers[c])] = grid[r][c] ?? null;
      rows.push(row);
    }
    tables[title] = rows;
  });
  return tables;
}

/** The number format of the cell under a header in a table's first body row. */
export function formatUnder(sheet: XLSX.WorkSheet, grid: Grid, header: string, occurrence = 0): string | undefined {
  const titleRow = grid.findIndex((row) => row.includes('Totals'));
  const headerRow = grid[titleRow + 1];
  let seen = -1;
  for (let c = 0; c < headerRow.length; c++) {
    if (headerRow[c] === header && ++seen === occurrence) {
      const address = `${columnName(c)}${titleRow + 3}`;
      return (sheet[address] as XLSX.CellObject | undefined)?.z as string | undefined;
    }
  }
  return undefined;
}

function columnName(index0: number): string {
  let name = '';
  for (let n = index0 + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** An Excel serial date as 'YYYY-MM-DD'. */
export function serialDay(serial: Cell): string {
  return new Date(Math.round((Number(serial) - 25_569) * 86_400_000)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' and the hour (0-23) of an instant in an IANA zone, from Intl alone. */
export function dayAndHour(epochMs: number, zone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  }).formatToParts(new Date(epochMs));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * The days a list's window params cover: the platform's endTime is the last second taken in,
 * so a window whose endTime falls on a local midnight reaches one second into that day.
 */
export function daysOfParams(params: { strTime: string; endTime: string }, zone: string): string[] {
  return daysBetween(Date.parse(params.strTime), Date.parse(params.endTime) + 1000, zone);
}

/** Every calendar day in a zone from `fromMs` to just before `toMs`, walking hour by hour. */
export function daysBetween(fromMs: number, toMs: number, zone: string): string[] {
  const days: string[] = [];
  for (let ms = fromMs; ms < toMs; ms += 3_600_000) {
    const { day } = dayAndHour(ms, zone);
    if (days[days.length - 1] !== day) days.push(day);
  }
  return days;
}

const num = (value: unknown): number => (value === null || value === undefined || value === '' ? 0 : Number(value));
const currencyOf = (record: Raw): string => (typeof record.currency === 'string' && record.currency !== '' ? record.currency : 'USD');

function add(sums: Map<string, number>, key: string, amount: number): void {
  sums.set(key, (sums.get(key) ?? 0) + amount);
}

export interface VoiceTally {
  calls: number;
  connected: number;
  connectedTalk: number;
}

export interface ExpectedVoice {
  calls: number;
  connected: number;
  voicemail: number;
  talkAll: number;
  connectedTalk: number;
  chargedSeconds: number;
  cost: Map<string, number>;
  baseCost: number;
  byHour: VoiceTally[];
  byDay: Map<string, VoiceTally>;
  byStatus: Map<number | null, number>;
}

/** The voice figures of raw records (submitTime is the row time), hours and days in `zone`. */
export function expectedVoice(records: readonly Raw[], zone: string, days: readonly string[]): ExpectedVoice {
  const tally = (): VoiceTally => ({ calls: 0, connected: 0, connectedTalk: 0 });
  const out: ExpectedVoice = {
    calls: 0,
    connected: 0,
    voicemail: 0,
    talkAll: 0,
    connectedTalk: 0,
    chargedSeconds: 0,
    cost: new Map(),
    baseCost: 0,
    byHour: Array.from({ length: 24 }, tally),
    byDay: new Map(days.map((day) => [day, tally()])),
    byStatus: new Map(),
  };
  for (const record of records) {
    const status = record.callStatus === null || record.callStatus === undefined ? null : Number(record.callStatus);
    const connected = status === 50;
    const seconds = num(record.callDuration);
    out.calls++;
    out.talkAll += seconds;
    out.chargedSeconds += num(record.chargedDuration);
    if (connected) {
      out.connected++;
      out.connectedTalk += seconds;
    }
    if (status === 40) out.voicemail++;
    add(out.cost, currencyOf(record), num(record.cost));
    out.baseCost += num(record.baseCost);
    out.byStatus.set(status, (out.byStatus.get(status) ?? 0) + 1);
    const { day, hour } = dayAndHour(Date.parse(String(record.submitTime)), zone);
    const buckets = [out.byHour[hour], out.byDay.get(day) ?? out.byDay.set(day, tally()).get(day)];
    for (const bucket of buckets) {
      if (!bucket) continue;
      bucket.calls++;
      if (connected) {
        bucket.connected++;
        bucket.connectedTalk += seconds;
      }
    }
  }
  return out;
}

export interface NumberTally {
  calls: number;
  duration: number;
  cost: Map<string, number>;
}

export interface ExpectedNumbers {
  totals: NumberTally;
  byDay: Map<string, NumberTally>;
  byNumber: Map<string, NumberTally>;
  byCountry: Map<string, NumberTally>;
  byType: Map<string, NumberTally>;
}

/** The number-record figures of raw records; `startMs` reads a record's start time (zone-less text). */
export function expectedNumbers(
  records: readonly Raw[],
  zone: string,
  days: readonly string[],
  startMs: (record: Raw) => number,
): ExpectedNumbers {
  const tally = (): NumberTally => ({ calls: 0, duration: 0, cost: new Map() });
  const out: ExpectedNumbers = {
    totals: tally(),
    byDay: new Map(days.map((day) => [day, tally()])),
    byNumber: new Map(),
    byCountry: new Map(),
    byType: new Map(),
  };
  const into = (map: Map<string, NumberTally>, key: string): NumberTally => {
    let found = map.get(key);
    if (!found) {
      found = tally();
      map.set(key, found);
    }
    return found;
  };
  for (const record of records) {
    const { day } = dayAndHour(startMs(record), zone);
    const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
    for (const bucket of [
      out.totals,
      into(out.byDay, day),
      into(out.byNumber, text(record.number)),
      into(out.byCountry, text(record.country)),
      into(out.byType, text(record.type)),
    ]) {
      bucket.calls++;
      bucket.duration += num(record.callDuration);
      add(bucket.cost, currencyOf(record), num(record.pay));
    }
  }
  return out;
}
