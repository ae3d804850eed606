/**
 * The voice figures of a window: one pass over the window's rows, grouped at once by
 * quarter hour (folded into hours of day and days in the profile's zone), by call status,
 * caller-id number, region, key pressed and currency (DuckDB GROUPING SETS).
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

const GROUPS = ['quarter', 'status', 'display', 'region', 'feedback', 'currency'] as const;
type Group = (typeof GROUPS)[number];

interface Tally {
  calls: number;
  connected: number;
  connectedTalk: number;
}

const emptyTally = (): Tally => ({ calls: 0, connected: 0, connectedTalk: 0 });

export async function voiceOverview(store: ArchiveStore, calendar: Calendar): Promise<VoiceOverview> {
  const voice = tableSql('voiceRecords');
  const window = windowCondition(calendar.window);
  const which = GROUPS.map((group) => `WHEN grouping(${group}) = 0 THEN '${group}'`).join(' ');
  const rows = await store.read(
    [voice.layout],
    `WITH v AS (
       SELECT _time // ${QUARTER_HOUR_MS} AS quarter,
              ${voice.column('callStatus')} AS status,
              nullif(${voice.column('displayNum')}, '') AS display,
              nullif(${voice.column('code')}, '') AS region,
              nullif(${voice.column('feedbackValue')}, '') AS feedback,
              ${CURRENCY_SQL(voice.column('currency'))} AS currency,
              ${voice.column('callDuration')} AS talk,
              ${voice.column('chargedDuration')} AS charged,
              ${voice.numeric('cost')} AS cost,
              ${voice.numeric('baseCost')} AS base
       FROM ${voice.name} WHERE ${window.sql})
     SELECT CASE ${which} END AS grouped, quarter, status, display, region, feedback, currency,
            count(*),
            count(*) FILTER (WHERE status = ${CONNECTED_STATUS}),
            sum(talk) FILTER (WHERE status = ${CONNECTED_STATUS}),
            count(*) FILTER (WHERE status = ${VOICEMAIL_STATUS}),
            sum(talk), sum(charged), sum(cost), sum(base)
     FROM v GROUP BY GROUPING SETS (${GROUPS.map((group) => `(${group})`).join(', ')})`,
    window.params,
  );

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
        byStatus.set(row[2] === null ? null : numberOf(row[2]), tally.calls);
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
        // Every row has a currency, so this set's rows together are the window's totals.
        cost.add(String(row[6]), numberOf(row[13]));
        totals.calls += tally.calls;
        totals.connected += tally.connected;
        totals.connectedTalk += tally.connectedTalk;
        totals.voicemail += numberOf(row[10]);
        totals.talk += numberOf(row[11]);
        totals.charged += numberOf(row[12]);
        totals.base += numberOf(row[14]);
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
