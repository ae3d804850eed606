/**
 * MMS per day of the window, from the send history (the journal): sends confirmed that
 * day, and of their numbers how many the platform accepted, refused, or may or may not
 * have received (a batch whose outcome is unknown).
 */
import type { MmsSendSummary } from '../../shared/mms/records';
import type { MmsDay } from '../../shared/reports/overview';
import type { CalendarDay } from '../../shared/calendar';

export function mmsByDay(sends: readonly MmsSendSummary[], profileId: string, calendarDays: readonly CalendarDay[]): MmsDay[] {
  const days: MmsDay[] = calendarDays.map((day) => ({ key: day.key, label: day.label, sends: 0, accepted: 0, refused: 0, unknown: 0 }));
  for (const send of sends) {
    if (send.profileId !== profileId) continue;
    const index = calendarDays.findIndex((day) => send.at >= day.fromMs && send.at < day.toMs);
    if (index < 0) continue;
    const day = days[index];
    day.sends += 1;
    day.accepted += send.accepted;
    day.refused += send.rejected;
    day.unknown += send.batches.filter((batch) => batch.status === 'outcome-unknown').reduce((sum, batch) => sum + batch.size, 0);
  }
  return days;
}
