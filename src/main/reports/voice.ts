/**
 * The voice figures of a window, in two passes over the window's rows. Each pass groups by
 * a few columns at once into a small table (plain sums, no filtered aggregates: those cost
 * most per row), which is then rolled up into the figures' groups (GROUPING SETS):
 * - quarter hour and call status: hours of day and days (folded in the profile's zone
 *   here), outcomes by status, and the totals;
 * - caller-id number, region, key pressed, currency and connected or not.
 */
import type { ArchiveStore } from '../archive/archive-store';
import {
  answerSeizureRatio,
  averageCallDuration,
  CONNECTED_STATUS,
  VOICEMAIL_STATUS,
  type CountBucket,
  type DrillDown,
  type VoiceBucket,
  type VoiceOverview,
  type VoiceTotals,
} from '../../shared/reports/overview';
import { CALL_STATUS_LABELS, CALL_STATUS_MISSING, feedbackLabel } from '../../shared/platform';
import { hourKey, hourLabel, QUARTER_HOUR_MS, type Calendar } from './calendar';
import { voiceConcurrency } from './concurrency';
import { CURRENCY_SQL, MoneyByCurrency, roundMicro } from './money';
import { numberOf, tableSql, textOf, windowCondition } from './sql';

/** How many caller-id numbers and regions the ranking keeps. */
export const TOP_COUNT = 20;

type Group = 'quarter' | 'status' | 'display' | 'region' | 'feedback' | 'currency';

/** The columns every result row has, whichever group it is of. */
const SELECTED = `grouped, quarter, status, display, region, feedback, currency,
  calls, connected, connected_talk, voicemail, talk, charged, cost, base`;

const whichGroup = (groups: readonly Group[]): string =>
  `CASE ${groups.map((group) => `WHEN grouping(${group}) = 0 THEN '${group}'`).join(' ')} END`;

/** By quarter hour and by call status, with every sum the totals need. */
function timeAndStatusRows(store: ArchiveStore, calendar: Calendar): Promise<unknown[][]> {
  const voice = tableSql('voiceRecords');
  const window = windowCondition(calendar.window);
  return store.read(
    [voice.layout],
    `WITH g AS (
       SELECT _time // ${QUARTER_HOUR_MS} AS quarter, ${voice.column('callStatus')} AS status, count(*) AS calls,
              sum(${voice.column('callDuration')}) AS talk, sum(${voice.column('chargedDuration')}) AS charged,
              sum(${voice.numeric('baseCost')}) AS base
       FROM ${voice.name} WHERE ${window} GROUP BY ALL)
     SELECT ${SELECTED} FROM (
       SELECT ${whichGroup(['quarter', 'status'])} AS grouped, quarter, status, NULL AS display, NULL AS region,
              NULL AS feedback, NULL AS currency, sum(calls) AS calls,
              coalesce(sum(calls) FILTER (WHERE status = ${CONNECTED_STATUS}), 0) AS connected,
              coalesce(sum(talk) FILTER (WHERE status = ${CONNECTED_STATUS}), 0) AS connected_talk,
              coalesce(sum(calls) FILTER (WHERE status = ${VOICEMAIL_STATUS}), 0) AS voicemail,
              sum(talk) AS talk, sum(charged) AS charged, NULL AS cost, sum(base) AS base
       FROM g GROUP BY GROUPING SETS ((quarter), (status)))`
  );
}

/** By caller-id number, region, key pressed and currency, each with calls and connected calls. */
function keyedRows(store: ArchiveStore, calendar: Calendar): Promise<unknown[][]> {
  const voice = tableSql('voiceRecords');
  const window = windowCondition(calendar.window);
  return store.read(
    [voice.layout],
    `WITH g AS (
       SELECT nullif(${voice.column('displayNum')}, '') AS display, nullif(${voice.column('code')}, '') AS region,
              nullif(${voice.column('feedbackValue')}, '') AS feedback, ${CURRENCY_SQL(voice.column('currency'))} AS currency,
              ${voice.column('callStatus')} = ${CONNECTED_STATUS} AS up, count(*) AS calls,
              sum(${voice.column('callDuration')}) AS talk, sum(${voice.numeric('cost')}) AS cost
       FROM ${voice.name} WHERE ${window} GROUP BY ALL)
     SELECT ${SELECTED} FROM (
       SELECT ${whichGroup(['display', 'region', 'feedback', 'currency'])} AS grouped, NULL AS quarter, NULL AS status,
              display, region, feedback, currency, sum(calls) AS calls,
              coalesce(sum(calls) FILTER (WHERE up), 0) AS connected, coalesce(sum(talk) FILTER (WHERE up), 0) AS connected_talk,
              NULL AS voicemail, NULL AS talk, NULL AS charged, sum(cost) AS cost, NULL AS base
       FROM g GROUP BY GROUPING SETS ((display), (region), (feedback), (currency)))`
  );
}

interface Tally {
  calls: number;
  connected: number;
  connectedTalk: number;
}

const emptyTally = (): Tally => ({ calls: 0, connected: 0, connectedTalk: 0 });

export async function voiceOverview(store: ArchiveStore, calendar: Calendar): Promise<VoiceOverview> {
  const rows = [...(await timeAndStatusRows(store, calendar)), ...(await keyedRows(store, calendar))];
  const byHour = Array.from({ length: 24 }, emptyTally);
  const byDay = calendar.days.map(emptyTally);
  const byStatus = new Map<number | null, number>();
  const byDisplay = new Map<string | null, Tally>();
  const byRegion = new Map<string | null, Tally>();
  const byKey = new Map<string | null, number>();
  const cost = new MoneyByCurrency();
  const totals = { calls: 0, connected: 0, connectedTalk: 0, voicemail: 0, talk: 0, charged: 0, base: 0 };

  for (const row of rows) {
    const group = row[0] as Group;
    const tally: Tally = { calls: numberOf(row[7]), connected: numberOf(row[8]), connectedTalk: numberOf(row[9]) };
    switch (group) {
      case 'quarter': {
        const place = calendar.placeQuarter(numberOf(row[1]) * QUARTER_HOUR_MS);
        addTally(byHour[place.hour], tally);
        if (place.day >= 0) addTally(byDay[place.day], tally);
        break;
      }
      case 'status':
        // Every row has a status (null included), so these rows together are the window's totals.
        byStatus.set(row[2] === null ? null : numberOf(row[2]), tally.calls);
        totals.calls += tally.calls;
        totals.connected += tally.connected;
        totals.connectedTalk += tally.connectedTalk;
        totals.voicemail += numberOf(row[10]);
        totals.talk += numberOf(row[11]);
        totals.charged += numberOf(row[12]);
        totals.base += numberOf(row[14]);
        break;
      case 'display':
        byDisplay.set(textOf(row[3]), tally);
        break;
      case 'region':
        byRegion.set(textOf(row[4]), tally);
        break;
      case 'feedback':
        byKey.set(textOf(row[5]), tally.calls);
        break;
      case 'currency':
        cost.add(String(row[6]), numberOf(row[13]));
        break;
    }
  }

  const { fromMs, toMs } = calendar.window;
  const windowDrill = (more: Partial<DrillDown>): DrillDown => ({ operation: 'voiceRecords', fromMs, toMs: toMs - 1, ...more });
  const voiceTotals: VoiceTotals = {
    calls: totals.calls,
    connected: totals.connected,
    asr: answerSeizureRatio(totals.calls, totals.connected),
    voicemail: totals.voicemail,
    talkSeconds: totals.talk,
    acdSeconds: averageCallDuration(totals.connectedTalk, totals.connected),
    billedMinutes: totals.charged / 60,
    cost: cost.totals(),
    baseCostUsd: roundMicro(totals.base),
  };
  return {
    totals: voiceTotals,
    byHour: byHour.map((tally, hour) => bucket(hourKey(hour), hourLabel(hour), tally, windowDrill({ hourOfDay: hour }))),
    byDay: calendar.days.map((day, index) =>
      bucket(day.key, day.label, byDay[index], { operation: 'voiceRecords', fromMs: day.fromMs, toMs: day.toMs - 1 }),
    ),
    byStatus: [...byStatus.entries()]
      .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
      .map(([status, count]) => ({
        key: status === null ? '' : String(status),
        label: status === null ? CALL_STATUS_MISSING : (CALL_STATUS_LABELS[status] ?? `status ${status}`),
        count,
        drill: windowDrill({ equals: [{ field: 'callStatus', value: status }] }),
      })),
    concurrency: await voiceConcurrency(store, calendar),
    displayNumbers: ranked(byDisplay, 'displayNum', 'no caller id', windowDrill),
    regions: ranked(byRegion, 'code', 'no region', windowDrill),
    keysPressed: keyBuckets(byKey, windowDrill),
  };
}

function addTally(into: Tally, tally: Tally): void {
  into.calls += tally.calls;
  into.connected += tally.connected;
  into.connectedTalk += tally.connectedTalk;
}

function bucket(key: string, label: string, tally: Tally, drill: DrillDown): VoiceBucket {
  return {
    key,
    label,
    calls: tally.calls,
    connected: tally.connected,
    asr: answerSeizureRatio(tally.calls, tally.connected),
    talkSeconds: tally.connectedTalk,
    acdSeconds: averageCallDuration(tally.connectedTalk, tally.connected),
    drill,
  };
}

/** The TOP_COUNT values with most calls; ties by key. */
function ranked(
  tallies: ReadonlyMap<string | null, Tally>,
  field: string,
  missingLabel: string,
  drill: (more: Partial<DrillDown>) => DrillDown,
): VoiceBucket[] {
  return [...tallies.entries()]
    .sort(([keyA, a], [keyB, b]) => b.calls - a.calls || (keyA ?? '').localeCompare(keyB ?? ''))
    .slice(0, TOP_COUNT)
    .map(([value, tally]) => bucket(value ?? '', value ?? missingLabel, tally, drill({ equals: [{ field, value }] })));
}

function keyBuckets(counts: ReadonlyMap<string | null, number>, drill: (more: Partial<DrillDown>) => DrillDown): CountBucket[] {
  return [...counts.entries()]
    .sort(([keyA, a], [keyB, b]) => b - a || (keyA ?? '').localeCompare(keyB ?? ''))
    .map(([value, count]) => ({
      key: value ?? '',
      label: value === null ? 'not recorded' : feedbackLabel(value),
      count,
      drill: drill({ equals: [{ field: 'feedbackValue', value }] }),
    }));
}
