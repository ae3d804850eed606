/**
 * A bucket's DrillDown as the archive page request that lists exactly its rows: the
 * window (for windowed lists) as ISO texts to the millisecond, the equal fields, the
 * hour of day and the seat or team leader. The Overview screen opens the list with it; the tests count with it.
 */
import type { ArchivePageRequest } from '../methods/archive';
import { listOf } from '../operations';
import { formatIsoInZone, type TimeZone } from '../time-zone';
import type { DrillDown } from './overview';

const UTC: TimeZone = { kind: 'fixed', name: '+00:00', offsetMinutes: 0 };

export function drillDownPageRequest(
  drill: DrillDown,
  page: { offset: number; limit: number; sort?: { field: string; descending: boolean } },
): ArchivePageRequest {
  const params = listOf(drill.operation).window
    ? { strTime: isoWithMillis(drill.fromMs), endTime: isoWithMillis(drill.toMs) }
    : {};
  const request = {
    operation: drill.operation,
    params,
    ...page,
    ...(drill.equals ? { equals: drill.equals } : {}),
    ...(drill.hourOfDay === undefined ? {} : { hourOfDay: drill.hourOfDay }),
    ...(drill.via ? { via: drill.via } : {}),
  };
  // The params are the window (or none) the operation's descriptor asks for.
  return request as ArchivePageRequest;
}

/** `2026-11-01T04:59:59.999Z`-precise ISO text (UTC), so a bucket's edge is exact. */
function isoWithMillis(epochMs: number): string {
  const millis = ((epochMs % 1000) + 1000) % 1000;
  const text = formatIsoInZone(epochMs - millis, UTC);
  return `${text.slice(0, 19)}.${String(millis).padStart(3, '0')}${text.slice(19)}`;
}
