/**
 * The voice figures of a window over the archive: counted by the SQL the figure
 * declarations generate, folded by the same code the Summary sheet uses, plus peak
 * concurrent calls (which needs every call's start and end, so only the database has it).
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { Window, ZoneCalendar } from '../../shared/calendar';
import { VOICE_FIGURES } from '../../shared/reports/figures';
import { foldFigures } from '../../shared/reports/fold';
import type { VoiceOverview } from '../../shared/reports/overview';
import { voiceConcurrency } from './concurrency';
import { countInArchive } from './figure-sql';

export async function voiceOverview(store: ArchiveStore, window: Window, calendar: ZoneCalendar): Promise<VoiceOverview> {
  const book = await countInArchive(store, VOICE_FIGURES, window, calendar);
  return { ...foldFigures(book, window, calendar.zone), concurrency: await voiceConcurrency(store, window, calendar) };
}
