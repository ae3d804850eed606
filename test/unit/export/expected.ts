/**
 * What an exported file must hold, computed from the raw JSON the sandbox served (not
 * from the app's normalised records): one expectation per exported column.
 */
import type { Column } from '../../../src/shared/columns';
import { LISTS, type ListOperation } from '../../../src/shared/operations';
import { call, type Target } from '../sandbox/signed-client';

/** Where a column's value sits in the raw record when the names differ (platform spellings and quirks). */
const RAW_NAMES: Record<string, readonly string[]> = {
  voiceGroupId: ['voiceGroupId', 'sipGroupId', 'seatGroupId'],
  quoteExchange: ['quoteExchange', 'QuoteExchange'],
  settleRate: ['settleRate', 'SeptleRate'],
  settlePay: ['settlePay', 'SettlePay'],
};

type Raw = Record<string, unknown>;

/** Every raw record the sandbox serves for these filters, page by page, in order. */
export async function rawRecords(target: Target, operation: ListOperation, params: object): Promise<Raw[]> {
  const records: Raw[] = [];
  for (let current = 1; ; current += 1) {
    const answer = await call(target, LISTS[operation].endpoint.path, { body: { current, size: 100, params } });
    const json = answer.json as { status: unknown; data?: { records: Raw[]; total: number } };
    if (String(json.status) !== '0' || !json.data) throw new Error(`raw fetch failed: ${answer.text}`);
    records.push(...json.data.records);
    if (json.data.records.length < 100 || records.length >= json.data.total) return records;
  }
}

function rawValue(record: Raw, key: string): unknown {
  for (const name of RAW_NAMES[key] ?? [key]) if (record[name] !== undefined) return record[name];
  return undefined;
}

const ISO_WITH_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/;
const PLUS8_MS = 8 * 3_600_000;

/** A raw time as wall text in +08:00 (the tests' export zone; zone-less texts are read in it too). */
export function wallTextPlus8(raw: string): string {
  if (!ISO_WITH_OFFSET.test(raw.trim()) || !raw.includes('T')) return raw.trim().replace('T', ' ').slice(0, 19);
  const iso = new Date(Date.parse(raw) + PLUS8_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export type Expected =
  | { kind: 'text'; value: string | null }
  | { kind: 'number'; value: number | null; text: string | null }
  /** Coded values: the platform sends some as numbers, some as text ("1"); equal as text. */
  | { kind: 'code'; value: string | null }
  | { kind: 'time'; wall: string | null }
  | { kind: 'date'; value: string | null };

export interface ExpectedColumn {
  header: string;
  expect(record: Raw): Expected;
}

const text = (value: unknown): Expected => ({
  kind: 'text',
  value: value === undefined || value === null || value === '' ? null : String(value),
});

/** The headers and expectations of one column: the file may hold two (a label, a currency) for it. */
function expectationsOf(column: Column<unknown>): ExpectedColumn[] {
  const raw = (record: Raw): unknown => rawValue(record, column.key);
  switch (column.kind) {
    case 'text':
    case 'id':
    case 'phone':
      return [{ header: column.header(), expect: (r) => text(raw(r)) }];
    case 'integer':
    case 'number':
    case 'duration': {
      const header = column.kind === 'duration' ? `${column.header()} (s)` : column.header();
      return [
        {
          header,
          expect: (r) => {
            const value = raw(r);
            return value === null || value === undefined || value === ''
              ? { kind: 'number', value: null, text: null }
              : { kind: 'number', value: Number(value), text: String(value) };
          },
        },
      ];
    }
    case 'amount':
      return [
        {
          header: column.header(),
          expect: (r) => {
            const value = raw(r);
            return value === null || value === undefined || value === ''
              ? { kind: 'number', value: null, text: null }
              : { kind: 'number', value: Number(value), text: String(value) };
          },
        },
      ];
    case 'time':
      return [{ header: column.header(), expect: (r) => ({ kind: 'time', wall: typeof raw(r) === 'string' && raw(r) !== '' ? wallTextPlus8(raw(r) as string) : null }) }];
    case 'date':
      return [{ header: column.header(), expect: (r) => ({ kind: 'date', value: (raw(r) as string | null) || null }) }];
    case 'code':
      return [
        {
          header: column.header(),
          expect: (r) => {
            const value = raw(r);
            return { kind: 'code', value: value === null || value === undefined || value === '' ? null : String(value) };
          },
        },
      ];
    case 'list':
      return [{ header: column.header(), expect: (r) => text(((raw(r) as unknown[] | undefined) ?? []).join(', ')) }];
  }
}

export function expectedColumns(operation: ListOperation): ExpectedColumn[] {
  return (LISTS[operation].columns as readonly Column<unknown>[]).flatMap(expectationsOf);
}
