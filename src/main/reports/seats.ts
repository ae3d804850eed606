/** The seat list as last taken: how many seats, by status and by group. */
import type { ArchiveStore } from '../archive/archive-store';
import type { CountBucket, DrillDown, SeatOverview } from '../../shared/reports/overview';
import { m } from '../../shared/i18n';
import { seatStatusText } from '../../shared/platform';
import { sql } from '../archive/sql-query';
import { numberOf, tableSql, textOf } from './sql';

export async function seatOverview(store: ArchiveStore, window: { fromMs: number; toMs: number }): Promise<SeatOverview> {
  const seats = tableSql('seats');
  const takenAt = await store.snapshotTakenAt(seats.layout.table, '');
  const rows = await store.read(
    [seats.layout],
    sql`SELECT grouping(status) = 0 AS by_status, status, group_name, count(*)
     FROM (SELECT ${seats.column('status')} AS status, nullif(${seats.column('groupName')}, '') AS group_name FROM ${seats.name})
     GROUP BY GROUPING SETS ((status), (group_name))`,
  );
  // The seat list is not windowed: a drill-down lists the seats as last taken.
  const drill = (field: string, value: string | number | null): DrillDown => ({ operation: 'seats', ...window, equals: [{ field, value }] });
  const byStatus: CountBucket[] = [];
  const byGroup: CountBucket[] = [];
  for (const row of rows) {
    const count = numberOf(row[3]);
    if (row[0] === true) {
      const status = row[1] === null ? null : numberOf(row[1]);
      byStatus.push({
        key: status === null ? '' : String(status),
        label: seatStatusText(status),
        count,
        drill: drill('status', status),
      });
    } else {
      const group = textOf(row[2]);
      byGroup.push({ key: group ?? '', label: group ?? m.overview_no_group(), count, drill: drill('groupName', group) });
    }
  }
  byStatus.sort((a, b) => (a.key === '' ? Infinity : Number(a.key)) - (b.key === '' ? Infinity : Number(b.key)));
  byGroup.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  return { takenAt, total: byStatus.reduce((sum, bucket) => sum + bucket.count, 0), byStatus, byGroup };
}
