/** The archive query the list screen's search box asks, over every record of the bench's sandbox (its newest `rows`), for both archive benches. */
import type { ArchiveQuery } from '../src/main/archive/archive-store';
import { listArchiveQuery } from '../src/main/archive/list-archive-query';
import type { SandboxData } from '../src/main/sandbox/data';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../src/shared/time-zone';

const plus8 = parseTimeZone('+08:00') as TimeZone;

export function searchQueryOver(data: SandboxData, rows: number, anchor: Date, zone: TimeZone): (needle: string) => ArchiveQuery {
  const everyRecord = {
    strTime: formatIsoInZone(Date.parse(String(data.voiceRecordAt(rows - 1).submitTime)), plus8),
    endTime: formatIsoInZone(anchor.getTime(), plus8),
  };
  return (needle) => {
    const asked = listArchiveQuery({ operation: 'voiceRecords', params: everyRecord, search: needle }, zone);
    if (!asked.ok) throw new Error(asked.error.message);
    return asked.value.query;
  };
}
