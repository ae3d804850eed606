/**
 * Calls by seat and by team leader over a small hand-made archive, checked against plain
 * counts of the inserted rows: a call's seat is the task-detail row whose callId is its
 * voiceId, its leaders those leading that row's group (by name, or by the group's id through
 * the seats). Calls without a task detail are the "No seat" / "No team leader" rows, a group
 * with two leaders counts under both, and cost stays per currency. Each row's drill-down,
 * read back as an archive page, lists exactly that row's calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArchiveQuery } from '../../../src/main/archive/list-archive-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { overviewSheets } from '../../../src/main/export/summary/overview-sheets';
import { text } from '../../../src/main/export/summary/tables';
import { computeOverview } from '../../../src/main/reports/compute-overview';
import { listOf, type ListOperation } from '../../../src/shared/operations';
import type { VoiceRecord } from '../../../src/shared/records';
import { drillDownPageRequest } from '../../../src/shared/reports/drill-down';
import type { Overview, VoiceBucket } from '../../../src/shared/reports/overview';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { emptyArchive, type TestArchive } from './sandbox-archive';

const UTC = parseTimeZone('+00:00') as TimeZone;
const FROM = Date.parse('2026-11-10T00:00:00Z');
const TO = FROM + 86_400_000;

const SEATS = [
  { keyId: '1', name: 'Alice', groupName: 'North', voiceGroupId: '11' },
  { keyId: '2', name: 'Bob', groupName: 'South', voiceGroupId: '12' },
  { keyId: '3', name: 'Carol', groupName: 'East', voiceGroupId: '13' },
];
const LEADERS = [
  { keyId: '101', name: 'Lee', voiceGroupNameList: ['North'], voiceGroupIdList: ['11'] },
  // North has two leaders: its calls count under Lee and under Mia.
  { keyId: '102', name: 'Mia', voiceGroupNameList: ['North', 'South'], voiceGroupIdList: ['11', '12'] },
  // Names missing: East is found by its id through the seats.
  { keyId: '103', name: 'Ngo', voiceGroupNameList: [], voiceGroupIdList: ['13'] },
];

interface Call {
  voiceId: string;
  minute: number;
  status: number;
  seconds: number;
  cost: string;
  currency: string;
}
const CALLS: Call[] = [
  { voiceId: '5001', minute: 60, status: 50, seconds: 30, cost: '0.10', currency: 'USD' },
  { voiceId: '5002', minute: 90, status: 50, seconds: 45, cost: '0.20', currency: 'EUR' },
  { voiceId: '5003', minute: 120, status: 20, seconds: 0, cost: '0', currency: 'USD' },
  { voiceId: '5004', minute: 130, status: 50, seconds: 61, cost: '0.30', currency: 'USD' },
  { voiceId: '5005', minute: 200, status: 40, seconds: 12, cost: '0.05', currency: 'EUR' },
  { voiceId: '5006', minute: 300, status: 50, seconds: 100, cost: '0.70', currency: 'USD' },
  { voiceId: '5007', minute: 400, status: 50, seconds: 20, cost: '0.15', currency: 'USD' }, // no task detail
  { voiceId: '5008', minute: 500, status: 30, seconds: 0, cost: '0', currency: '' }, // no task detail, no currency (USD)
  { voiceId: '5009', minute: 600, status: 50, seconds: 33, cost: '0.25', currency: 'EUR' }, // a task row without a seat name
  { voiceId: '5010', minute: 60 * 30, status: 50, seconds: 50, cost: '0.40', currency: 'USD' }, // after the window
];
/** callId → [seatName, sipGroupName]. */
const TASK_ROWS: Record<string, [string, string]> = {
  '5001': ['Alice', 'North'],
  '5002': ['Alice', 'North'],
  '5003': ['Bob', 'South'],
  '5004': ['Bob', 'South'],
  '5005': ['Carol', 'East'],
  '5006': ['Carol', 'East'],
  '5009': ['', 'North'],
  '5010': ['Alice', 'North'],
  '9999': ['Bob', 'South'], // a call not in the archive
};

async function put(archive: TestArchive, operation: ListOperation, raws: Record<string, unknown>[], snapshot: boolean): Promise<void> {
  const table = archiveTableFor(operation);
  const rows = raws.map((raw) => listOf(operation).normalise(raw, { zone: UTC }));
  const seenAtMs = Date.now();
  await archive.store.stage(table, rows, 0, seenAtMs);
  await archive.store.commit(table, snapshot ? { snapshot: { scope: operation === 'taskDetails' ? '77' : '', takenAtMs: seenAtMs } } : null);
}

/** The plain count: each call of the window under its seat (or leaders), straight from the rows above. */
function expected(keysOf: (call: Call) => (string | null)[]): Map<string | null, { calls: Call[]; cost: Map<string, number> }> {
  const groups = new Map<string | null, { calls: Call[]; cost: Map<string, number> }>();
  for (const call of CALLS.filter((c) => FROM + c.minute * 60_000 < TO)) {
    for (const key of keysOf(call)) {
      const group = groups.get(key) ?? { calls: [], cost: new Map<string, number>() };
      group.calls.push(call);
      const currency = call.currency || 'USD';
      group.cost.set(currency, Math.round(((group.cost.get(currency) ?? 0) + Number(call.cost)) * 1e6) / 1e6);
      groups.set(key, group);
    }
  }
  return groups;
}

const seatOf = (call: Call): (string | null)[] => [TASK_ROWS[call.voiceId]?.[0] || null];
function leadersOf(call: Call): (string | null)[] {
  const group = TASK_ROWS[call.voiceId]?.[1];
  const ids = SEATS.filter((seat) => seat.groupName === group).map((seat) => seat.voiceGroupId);
  const leaders = LEADERS.filter((leader) => leader.voiceGroupNameList.includes(group ?? '') || leader.voiceGroupIdList.some((id) => ids.includes(id)));
  return leaders.length > 0 ? leaders.map((leader) => leader.name) : [null];
}

describe('calls by seat and by team leader', () => {
  let archive: TestArchive;
  let overview: Overview;
  beforeAll(async () => {
    archive = await emptyArchive();
    const at = (minute: number): string => new Date(FROM + minute * 60_000).toISOString();
    await put(
      archive,
      'voiceRecords',
      CALLS.map((call) => ({
        voiceId: call.voiceId,
        submitTime: at(call.minute),
        callTime: at(call.minute),
        hangupTime: at(call.minute + 2),
        callStatus: call.status,
        callDuration: call.seconds,
        cost: call.cost,
        currency: call.currency,
      })),
      false,
    );
    // callId as the platform sends it: a number, compared with the voice id as text.
    await put(archive, 'taskDetails', Object.entries(TASK_ROWS).map(([callId, [seatName, sipGroupName]]) => ({ keyId: '77', callId: Number(callId), seatName, sipGroupName, status: 3 })), true);
    await put(archive, 'seats', SEATS, true);
    await put(archive, 'teamLeaders', LEADERS, true);
    const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone: 'UTC', window: { fromMs: FROM, toMs: TO }, mmsSends: [], compare: 'previous' });
    if (!result.ok) throw new Error(result.error.message);
    overview = result.value;
  });
  afterAll(() => archive.remove());

  const check = (buckets: readonly VoiceBucket[], groups: ReturnType<typeof expected>): void => {
    const keyed = new Map(buckets.map((bucket) => [bucket.key === '' ? null : bucket.key, bucket]));
    expect([...keyed.keys()].sort()).toEqual([...groups.keys()].sort());
    for (const [key, group] of groups) {
      const bucket = keyed.get(key);
      const connected = group.calls.filter((call) => call.status === 50);
      const talk = connected.reduce((sum, call) => sum + call.seconds, 0);
      expect(bucket?.calls, `calls of ${key}`).toBe(group.calls.length);
      expect(bucket?.connected, `connected of ${key}`).toBe(connected.length);
      expect(bucket?.asr).toBeCloseTo(connected.length / group.calls.length, 10);
      expect(bucket?.acdSeconds ?? null).toBe(connected.length === 0 ? null : talk / connected.length);
      expect(bucket?.cost).toEqual([...group.cost.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })));
    }
  };

  it('counts each seat’s calls as the rows do, calls without a seat in one row that makes the sum the calls', () => {
    const { buckets } = overview.voice.breakdowns.bySeat;
    check(buckets, expected(seatOf));
    expect(buckets.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(overview.voice.totals.calls);
    expect(buckets.find((bucket) => bucket.key === '')?.label).toBe('No seat');
    // Two currencies are never added up.
    expect(buckets.find((bucket) => bucket.key === 'Alice')?.cost.map((money) => money.currency)).toEqual(['EUR', 'USD']);
  });

  it('counts a group’s calls under each of its leaders, found by name or by the group’s id', () => {
    const { buckets } = overview.voice.breakdowns.byTeamLeader;
    check(buckets, expected(leadersOf));
    expect(buckets.find((bucket) => bucket.key === 'Ngo')?.calls).toBe(2);
    expect(buckets.find((bucket) => bucket.key === 'Lee')?.calls).toBe(3);
    expect(buckets.find((bucket) => bucket.key === 'Mia')?.calls).toBe(5);
  });

  it('leaves the totals as they were: a call under two leaders is still one call of the window', () => {
    const inWindow = CALLS.filter((call) => FROM + call.minute * 60_000 < TO);
    expect(overview.voice.totals.calls).toBe(inWindow.length);
    expect(overview.voice.totals.cost).toEqual([
      { currency: 'EUR', amount: 0.5 },
      { currency: 'USD', amount: 1.25 },
    ]);
    expect(overview.compared?.voice.breakdowns.bySeat.buckets).toEqual([]);
  });

  it('opens each row as exactly its calls', async () => {
    for (const [name, keysOf] of [['bySeat', seatOf], ['byTeamLeader', leadersOf]] as const) {
      const groups = expected(keysOf);
      for (const bucket of overview.voice.breakdowns[name].buckets) {
        const asked = listArchiveQuery(drillDownPageRequest(bucket.drill, { offset: 0, limit: 100 }), UTC);
        if (!asked.ok) throw new Error(asked.error.message);
        const page = await archive.store.page(archiveTableFor('voiceRecords'), asked.value.query, 0, 100);
        const ids = (page.records as VoiceRecord[]).map((record) => record.voiceId).sort();
        expect(ids, `${name} ${bucket.key}`).toEqual((groups.get(bucket.key === '' ? null : bucket.key)?.calls ?? []).map((call) => call.voiceId).sort());
        expect(page.total).toBe(bucket.calls);
      }
    }
  });

  it('writes both tables into the Overview workbook, the leaders’ with its note', () => {
    const [voice, , theirs] = overviewSheets(overview, 'p');
    const table = (title: string) => voice.sheet.tables.find((candidate) => candidate.title === title);
    const seats = table('Calls by seat');
    const leaders = table('Calls by team leader');
    expect(seats?.rows.map((row) => row[0])).toEqual(overview.voice.breakdowns.bySeat.buckets.map((bucket) => text(bucket.label)));
    expect(leaders?.rows.length).toBe(overview.voice.breakdowns.byTeamLeader.buckets.length);
    expect(leaders?.note).toMatch(/two or more team leaders/);
    // The comparison period's own sheet carries them too.
    expect(theirs.sheet.tables.some((candidate) => candidate.title === 'Calls by seat')).toBe(true);
  });

  it('refuses a seat filter on a list that is not voice records, and a value longer than any filter', () => {
    const refused = listArchiveQuery({ operation: 'numberRecords', params: { strTime: '2026-11-10 00:00:00', endTime: '2026-11-11 00:00:00' }, via: { name: 'seat', value: 'Alice' } } as never, UTC);
    expect(refused.ok).toBe(false);
    const long = listArchiveQuery(drillDownPageRequest({ operation: 'voiceRecords', fromMs: FROM, toMs: TO, via: { name: 'seat', value: 'x'.repeat(201) } }, { offset: 0, limit: 1 }), UTC);
    expect(long.ok).toBe(false);
  });
});
