/** The seat list as last taken: how many seats, by status and by group. */
import type { ArchiveStore } from '../archive/archive-store';
import type { CountBucket, DrillDown, SeatGroupBucket, SeatOverview } from '../../shared/reports/overview';
import { seatGroupEquals, seatGroupOf, seatGroupsNamed, seatGroupText, seatStatusText } from '../../shared/platform';
import { blankAsNull, sql } from '../archive/sql-query';
import { numberOf, tableSql, textOf } from './sql';

export async function seatOverview(store: ArchiveStore, window: { fromMs: number; toMs: number }): Promise<SeatOverview> {
  const seats = tableSql('seats');
  const takenAt = await store.snapshotTakenAt(seats.layout.table, '');
  const rows = await store.read(
    [seats.layout],
    // Grouped as seatGroupOf groups: by the group's id, else its name (two groups may share a name).
    sql`SELECT grouping(status) = 0 AS by_status, status, min(group_id), min(group_name), count(*)
     FROM (SELECT ${seats.column('status')} AS status, ${blankAsNull(seats.column('voiceGroupId'))} AS group_id, ${blankAsNull(seats.column('groupName'))} AS group_name FROM ${seats.name})
     GROUP BY GROUPING SETS ((status), (coalesce(group_id, group_name)))`,
  );
  // The seat list is not windowed: a drill-down lists the seats as last taken.
  const drill = (...equals: { field: string; value: string | number | null }[]): DrillDown => ({ operation: 'seats', ...window, equals });
  const byStatus: CountBucket[] = [];
  const byGroup: SeatGroupBucket[] = [];
  for (const row of rows) {
    const count = numberOf(row[4]);
    if (row[0] === true) {
      const status = row[1] === null ? null : numberOf(row[1]);
      byStatus.push({
        key: status === null ? '' : String(status),
        label: seatStatusText(status),
        count,
        drill: drill({ field: 'status', value: status }),
      });
    } else {
      const voiceGroupId = textOf(row[2]);
      const groupName = textOf(row[3]);
      const { key, label } = seatGroupOf({ voiceGroupId, groupName });
      byGroup.push({ key, label, count, drill: drill(...seatGroupEquals({ voiceGroupId, groupName })), voiceGroupId, groupName });
    }
  }
  byStatus.sort((a, b) => (a.key === '' ? Infinity : Number(a.key)) - (b.key === '' ? Infinity : Number(b.key)));
  byGroup.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  // A group's drill-down is one filter, said as its row says it (told apart by its id or not).
  const named = seatGroupsNamed(byGroup);
  const labelled = byGroup.map((group, index) => {
    const label = seatGroupText(named[index]);
    return group.drill === null ? { ...group, label } : { ...group, label, drill: { ...group.drill, seatGroup: named[index] } };
  });
  return { takenAt, total: byStatus.reduce((sum, bucket) => sum + bucket.count, 0), byStatus, byGroup: labelled };
}
