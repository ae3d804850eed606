/**
 * The platform as a sync source: every page of a time range (windowed lists) or of the
 * whole list, fetched with the same engine as exports. The client given here must not
 * also hand its pages to the archive (sync writes them itself, with their coverage).
 */
import type { PlatformClient } from '../api';
import { listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { checkFetchAll, fetchAll } from '../jobs/fetch-all';
import { ok } from '../../shared/result';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../shared/time-zone';
import type { SyncSource } from './sync';
import { archiveTableFor } from './tables';

const UTC = parseTimeZone('+00:00') as TimeZone;

export function platformSyncSource<O extends ListOperation>(
  client: PlatformClient,
  operation: O,
  params: Readonly<Record<string, unknown>> = {},
  options: { concurrency?: number } = {},
): SyncSource<ListRows[O]> {
  const list = listOf(operation);
  return {
    table: archiveTableFor(operation),
    async fetchEvery(range, onRows, signal, settles = true) {
      // Seconds are the platform's precision: the range's end is rounded up so no record at its edge is missed.
      const window = range
        ? {
            strTime: formatIsoInZone(Math.floor(range.fromMs / 1000) * 1000, UTC),
            endTime: formatIsoInZone(Math.ceil(range.toMs / 1000) * 1000, UTC),
          }
        : {};
      // The query is made here, from the range: the operation's parser checks it once; its pages are not checked again.
      // The range is written in UTC, but a refusal tells its times in the profile's zone (the client's), as the app does.
      const query = checkFetchAll(
        list,
        { ...params, ...window },
        { concurrency: options.concurrency, now: client.now(), zone: client.timeZone },
      );
      if (!query.ok) return query;
      // A range this sync settles is read again when its rows moved while it was read (the archive keeps a record once,
      // by its id): a record that slipped between two pages would be missed by every later sync, which never reads a
      // settled range again. A range the next sync fetches anyway, and a snapshot (read whole at every sync, its rows
      // maybe without an id to be kept once by), only note it.
      const onDrift = range && settles ? 'reread' : 'warn';
      const result = await fetchAll(client, list, query.value, { signal, concurrency: options.concurrency, onRows, onDrift });
      return result.ok ? ok({ rows: result.value.rows, heldStill: result.value.heldStill }) : result;
    },
    platformTimeAt: (localMs) => client.platformTimeAt(localMs),
  };
}
