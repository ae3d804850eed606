/**
 * The Overview's .xlsx: its sheets (summary/overview-sheets.ts) written by the one .xlsx
 * writer as summary sheets, no records, and an About sheet; into the reserved partial file,
 * renamed into place only when complete, as every export is.
 */
import { rename, rm } from 'node:fs/promises';
import { excelSerial, wallClock } from './cells';
import type { Reservation } from './reservation';
import { fileNotWritten } from './file-not-written';
import { overviewSheets, rowsOf } from './summary/overview-sheets';
import { XlsxStreamWriter } from './xlsx-stream-writer';
import type { Overview } from '../../shared/reports/overview';
import { fail, ok, type Result } from '../../shared/result';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';
import { m } from '../../shared/i18n';

const UTC: TimeZone = { kind: 'fixed', name: 'UTC', offsetMinutes: 0 };

export interface OverviewWorkbookOptions {
  overview: Overview;
  profileName: string;
  appVersion: string;
  reservation: Reservation;
  signal?: AbortSignal;
  now?: () => number;
}

/** Writes the workbook; answers how many table rows it holds and its sheets. */
export async function writeOverviewWorkbook(options: OverviewWorkbookOptions): Promise<Result<{ rows: number; sheets: string[] }>> {
  const { overview, reservation, signal } = options;
  const release = (): Promise<void> => rm(reservation.partial, { force: true }).catch(() => {});
  const cancelled = async (): Promise<Result<never>> => {
    await release();
    return fail('cancelled', m.export_cancelled_no_file());
  };
  if (signal?.aborted) return cancelled();
  const sheets = overviewSheets(overview, options.profileName);
  const wall = wallClock(parseTimeZone(overview.timeZone) ?? UTC);
  const localSerial = (epochMs: number): number => excelSerial(wall(epochMs));
  const writer = new XlsxStreamWriter<never>(reservation.partial, [], { sheetName: m.export_overview_name(), summaries: () => sheets, recordSheets: false });
  try {
    await writer.finish(() => [
      { label: m.export_about_operation(), value: m.export_overview_name() },
      { label: m.export_about_profile(), value: options.profileName },
      { label: m.export_about_time_zone(), value: overview.timeZone },
      { label: m.export_overview_window_from(), value: localSerial(overview.fromMs), format: 'datetime' },
      { label: m.export_overview_window_to(), value: localSerial(overview.toMs), format: 'datetime' },
      ...(overview.compared
        ? [
            { label: m.export_overview_compared_from(), value: localSerial(overview.compared.fromMs), format: 'datetime' as const },
            { label: m.export_overview_compared_to(), value: localSerial(overview.compared.toMs), format: 'datetime' as const },
          ]
        : []),
      { label: m.export_overview_computed_at(), value: localSerial(overview.computedAt), format: 'datetime' },
      { label: m.export_about_exported_at(), value: localSerial((options.now ?? Date.now)()), format: 'datetime' },
      { label: m.export_about_sheets(), value: sheets.map((sheet) => sheet.name).join(', ') },
      { label: m.export_about_app_version(), value: options.appVersion },
    ]);
  } catch (error) {
    await writer.abort();
    if (signal?.aborted) return cancelled();
    await release();
    return { ok: false, error: fileNotWritten(error, reservation.path) };
  }
  if (signal?.aborted) return cancelled();
  try {
    await rename(reservation.partial, reservation.path);
  } catch (error) {
    await release();
    return { ok: false, error: fileNotWritten(error, reservation.path) };
  }
  return ok({ rows: rowsOf(sheets), sheets: [...sheets.map((sheet) => sheet.name), m.export_sheet_about()] });
}
