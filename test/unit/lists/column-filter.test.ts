/**
 * Filters and search match the words the table shows: labels of codes, currencies of
 * amounts, times in the profile's zone; numbers compare as numbers.
 */
import { describe, expect, it } from 'vitest';
import { passesColumnFilter, planColumnFilter, rowPredicate } from '../../../src/shared/column-filter';
import type { Column } from '../../../src/shared/columns';
import { listOf } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const columns: readonly Column<VoiceRecord>[] = listOf('voiceRecords').columns;
const column = (key: string): Column<VoiceRecord> => {
  const found = columns.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
};

/** A record with nothing but the fields given, as the normaliser leaves the others. */
function voice(fields: Partial<VoiceRecord>): VoiceRecord {
  return { ...listOf('voiceRecords').normalise({}, { zone }), ...fields };
}

function matching(key: string, text: string, rows: VoiceRecord[]): VoiceRecord[] {
  const planned = planColumnFilter(column(key), text);
  if (!planned.ok) throw new Error(planned.message);
  const plan = planned.plan;
  if (plan === null) return rows;
  return rows.filter((row) => passesColumnFilter(column(key), plan, row, zone));
}

const statuses = [10, 20, 30, 40, 50, 60].map((callStatus) => voice({ voiceId: String(callStatus), callStatus }));
const ids = (rows: VoiceRecord[]): string[] => rows.map((row) => row.voiceId ?? '');

describe('a column filter', () => {
  it('takes a call status by its label: a whole label exactly, part of one in every label holding it', () => {
    expect(ids(matching('callStatus', 'connected', statuses))).toEqual(['50']);
    expect(ids(matching('callStatus', 'Not connected', statuses))).toEqual(['10', '20', '30']);
    expect(ids(matching('callStatus', 'busy', statuses))).toEqual(['10']);
    expect(ids(matching('callStatus', 'voicemail', statuses))).toEqual(['40']);
    expect(ids(matching('callStatus', '50', statuses))).toEqual(['50']);
    expect(ids(matching('callStatus', '>= 40', statuses))).toEqual(['40', '50', '60']);
    expect(ids(matching('callStatus', 'nothing like it', statuses))).toEqual([]);
  });

  it('takes a key pressed as a number (1 is not -1) or by its label', () => {
    const keys = ['-1', '1', '10', '2', '#'].map((feedbackValue) => voice({ voiceId: feedbackValue, feedbackValue }));
    expect(ids(matching('feedbackValue', '1', keys))).toEqual(['1']);
    expect(ids(matching('feedbackValue', '-1', keys))).toEqual(['-1']);
    expect(ids(matching('feedbackValue', 'no key', keys))).toEqual(['-1']);
    expect(ids(matching('feedbackValue', 'key 1', keys))).toEqual(['1']);
    expect(ids(matching('feedbackValue', 'key', keys))).toEqual(['-1', '1', '10', '2', '#']);
    expect(ids(matching('feedbackValue', '#', keys))).toEqual(['#']);
  });

  it('finds an amount by its currency as shown ("USD" where the platform left the currency empty) or compares its value', () => {
    const rows = [
      voice({ voiceId: 'usd', cost: { text: '0.12', value: 0.12 }, currency: null }),
      voice({ voiceId: 'eur', cost: { text: '0.30', value: 0.3 }, currency: 'EUR' }),
    ];
    expect(ids(matching('cost', 'EUR', rows))).toEqual(['eur']);
    expect(ids(matching('cost', 'usd', rows))).toEqual(['usd']);
    expect(ids(matching('cost', '>= 0.2', rows))).toEqual(['eur']);
    expect(ids(matching('cost', '0.12', rows))).toEqual(['usd']);
  });

  it('compares durations as numbers of seconds or m:ss, and refuses words naming the column', () => {
    const rows = [5, 30, 65, 90].map((callDuration) => voice({ voiceId: String(callDuration), callDuration }));
    expect(ids(matching('callDuration', '>= 30', rows))).toEqual(['30', '65', '90']);
    expect(ids(matching('callDuration', '1:05', rows))).toEqual(['65']);
    expect(ids(matching('callDuration', '10-60', rows))).toEqual(['30']);
    const refused = planColumnFilter(column('callDuration'), 'long');
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Duration holds numbers: type a number/) });
  });

  it('finds a time as the table shows it in the profile zone, or as the platform wrote it', () => {
    const rows = [voice({ voiceId: 'a', submitTime: { text: '2026-11-20T02:00:00Z', epochMs: Date.parse('2026-11-20T02:00:00Z') } })];
    expect(ids(matching('submitTime', '2026-11-20 10:00', rows))).toEqual(['a']);
    expect(ids(matching('submitTime', 'T02:00', rows))).toEqual(['a']);
    expect(ids(matching('submitTime', '2026-11-20 02:00', rows))).toEqual([]);
  });
});

describe('the search', () => {
  it('matches labels, currencies and shown times anywhere in the row', () => {
    const rows = [
      voice({ voiceId: 'a', callStatus: 50, cost: { text: '0.10', value: 0.1 }, currency: 'EUR' }),
      voice({ voiceId: 'b', callStatus: 40, feedbackValue: '3' }),
    ];
    const search = (needle: string): string[] => {
      const keep = rowPredicate(columns, [], needle, zone);
      return ids(keep ? rows.filter(keep) : rows);
    };
    expect(search('connected')).toEqual(['a']);
    expect(search('VOICEMAIL')).toEqual(['b']);
    expect(search('eur')).toEqual(['a']);
    expect(search('key 3')).toEqual(['b']);
    expect(search('')).toEqual(['a', 'b']);
  });
});
