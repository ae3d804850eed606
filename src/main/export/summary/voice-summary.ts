/**
 * The voice figures of the rows one export writes, fed a record at a time: totals, and
 * calls by hour of day, by day and by call status. Only counters are kept (24 hours, the
 * window's days, the statuses seen), never the rows. Definitions: shared/reports/overview.
 */
import { quoteCurrency } from '../../../shared/columns';
import { CALL_STATUS_LABELS, CALL_STATUS_MISSING } from '../../../shared/platform';
import type { VoiceRecord } from '../../../shared/records';
import {
  answerSeizureRatio,
  averageCallDuration,
  CONNECTED_STATUS,
  VOICEMAIL_STATUS,
  type CountBucket,
  type DrillDown,
  type VoiceBucket,
  type VoiceTotals,
} from '../../../shared/reports/overview';
import type { ZoneCalendar } from './calendar';
import { MoneyByCurrency } from '../../reports/money';
import { TimeSpan, type Window } from './window';

export interface VoiceSummary {
  totals: VoiceTotals;
  byHour: VoiceBucket[];
  byDay: VoiceBucket[];
  byStatus: CountBucket[];
}

interface Tally {
  calls: number;
  connected: number;
  /** Talk seconds of the connected calls. */
  talkSeconds: number;
}

const newTally = (): Tally => ({ calls: 0, connected: 0, talkSeconds: 0 });

function count(tally: Tally, connected: boolean, seconds: number): void {
  tally.calls += 1;
  if (connected) {
    tally.connected += 1;
    tally.talkSeconds += seconds;
  }
}

function bucket(key: string, label: string, tally: Tally, drill: DrillDown): VoiceBucket {
  return {
    key,
    label,
    calls: tally.calls,
    connected: tally.connected,
    asr: answerSeizureRatio(tally.calls, tally.connected),
    talkSeconds: tally.talkSeconds,
    acdSeconds: averageCallDuration(tally.talkSeconds, tally.connected),
    drill,
  };
}

export function callStatusLabel(status: number | null): string {
  return status === null ? CALL_STATUS_MISSING : (CALL_STATUS_LABELS[status] ?? `status ${status}`);
}

export class VoiceSummaryAccumulator {
  private readonly totals = newTally();
  private allTalkSeconds = 0;
  private voicemail = 0;
  private chargedSeconds = 0;
  private readonly cost = new MoneyByCurrency();
  private baseCostUsd = 0;
  private readonly hours: Tally[] = Array.from({ length: 24 }, newTally);
  private readonly days = new Map<number, Tally>();
  private readonly statuses = new Map<number | null, number>();
  private readonly span: TimeSpan;

  constructor(
    private readonly calendar: ZoneCalendar,
    window: Window | null,
  ) {
    this.span = new TimeSpan(window);
    for (const day of window ? calendar.daysOf(window.fromMs, window.toMs) : []) this.days.set(day, newTally());
  }

  /** One record, with the time it is bucketed by (the list's row time). */
  add(record: VoiceRecord, timeMs: number | null): void {
    const connected = record.callStatus === CONNECTED_STATUS;
    const seconds = record.callDuration ?? 0;
    count(this.totals, connected, seconds);
    this.allTalkSeconds += seconds;
    if (record.callStatus === VOICEMAIL_STATUS) this.voicemail += 1;
    this.chargedSeconds += record.chargedDuration ?? 0;
    if (record.cost && record.cost.value !== null) this.cost.add(quoteCurrency(record), record.cost.value);
    const baseCost = record.baseCost?.value ?? null;
    if (baseCost !== null && Number.isFinite(baseCost)) this.baseCostUsd += baseCost;
    this.statuses.set(record.callStatus, (this.statuses.get(record.callStatus) ?? 0) + 1);
    if (timeMs === null) return;
    this.span.see(timeMs);
    count(this.hours[this.calendar.hourOf(timeMs)], connected, seconds);
    const day = this.calendar.dayOf(timeMs);
    let tally = this.days.get(day);
    if (tally === undefined) {
      tally = newTally();
      this.days.set(day, tally);
    }
    count(tally, connected, seconds);
  }

  result(): VoiceSummary {
    const { fromMs, toMs } = this.span.window();
    const calendar = this.calendar;
    const drill = (extra: Partial<DrillDown> = {}): DrillDown => ({ operation: 'voiceRecords', fromMs, toMs, ...extra });
    const t = this.totals;
    return {
      totals: {
        calls: t.calls,
        connected: t.connected,
        asr: answerSeizureRatio(t.calls, t.connected),
        voicemail: this.voicemail,
        talkSeconds: this.allTalkSeconds,
        acdSeconds: averageCallDuration(t.talkSeconds, t.connected),
        billedMinutes: this.chargedSeconds / 60,
        cost: this.cost.totals(),
        baseCostUsd: this.baseCostUsd,
      },
      byHour: this.hours.map((tally, hour) => {
        const key = String(hour).padStart(2, '0');
        return bucket(key, `${key}:00`, tally, drill({ hourOfDay: hour }));
      }),
      byDay: [...this.days.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([day, tally]) => {
          const key = calendar.dayKey(day);
          return bucket(key, key, tally, drill({ fromMs: calendar.dayStartMs(day), toMs: calendar.dayStartMs(day + 1) }));
        }),
      byStatus: [...this.statuses.entries()]
        .sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : a[0] - b[0]))
        .map(([status, calls]) => ({
          key: status === null ? '' : String(status),
          label: callStatusLabel(status),
          count: calls,
          drill: drill({ equals: [{ field: 'callStatus', value: status }] }),
        })),
    };
  }
}
