/**
 * The number-record figures of a window over the archive: counted by the SQL the figure
 * declarations generate, folded by the same code the Summary sheet uses.
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { Window, ZoneCalendar } from '../../shared/calendar';
import { NUMBER_FIGURES } from '../../shared/reports/figures';
import { foldFigures } from '../../shared/reports/fold';
import type { NumberOverview } from '../../shared/reports/overview';
import { countInArchive } from './figure-sql';

export async function numberOverview(store: ArchiveStore, window: Window, calendar: ZoneCalendar): Promise<NumberOverview> {
  return foldFigures(await countInArchive(store, NUMBER_FIGURES, window, calendar), window, calendar.zone);
}
