/**
 * Writes the per-number results of a send to .xlsx or .csv with the export's own
 * writers (one .xlsx writer and one CSV encoder in the app), an About sheet like the
 * record exports have, under a temporary name that is renamed only when complete.
 */
import { type Column, id, integer, phone, text } from '../../shared/columns';
import { m } from '../../shared/i18n';
import { type MmsResultRow, type MmsSendDetail, OUTCOME_LABELS } from '../../shared/mms/records';
import { calendarOf } from '../../shared/calendar';
import type { TimeZone } from '../../shared/time-zone';
import { writeStreamAtomically } from '../atomic-file';
import { excelSerial, exportFields, wallClock } from '../export/cells';
import { CsvWriter } from '../export/csv-writer';
import type { AboutRow, TableWriter } from '../export/table-writer';
import { XlsxStreamWriter } from '../export/xlsx-stream-writer';

export type ResultsFormat = 'xlsx' | 'csv';

/** Numbers and ids stay text: their `+` and leading zeros are kept. */
export const RESULT_COLUMNS: readonly Column<MmsResultRow>[] = [
  phone('number', m.mms_results_number, (row) => row.number),
  integer('batch', m.mms_results_batch, (row) => row.batch),
  text('outcome', m.mms_results_result, (row) => OUTCOME_LABELS[row.outcome]()),
  id('msgId', m.mms_results_message_id, (row) => row.msgId),
  text('detail', m.mms_results_detail, (row) => row.detail || null),
];

function aboutRows(send: MmsSendDetail, appVersion: string, rows: number, zone: TimeZone): AboutRow[] {
  return [
    { label: m.mms_about_operation(), value: m.mms_about_operation_value() },
    { label: m.mms_about_profile(), value: send.profileName },
    { label: m.mms_about_app_id(), value: send.appId },
    { label: m.mms_about_sent_at({ zone: zone.name }), value: excelSerial(wallClock(zone)(send.at)), format: 'datetime' },
    { label: m.mms_about_recipients(), value: send.recipients },
    { label: m.mms_about_accepted(), value: send.accepted },
    { label: m.mms_about_rejected(), value: send.rejected },
    { label: m.mms_about_rows(), value: rows },
    { label: m.mms_about_app_version(), value: appVersion },
  ];
}

/** `zone`: the send's profile's, the zone its screen shows the send in (the About sheet names it). */
export async function writeResultsFile(
  path: string,
  send: MmsSendDetail,
  format: ResultsFormat,
  about: { appVersion: string; zone: TimeZone },
): Promise<void> {
  const { zone } = about;
  const fields = exportFields(RESULT_COLUMNS, zone);
  await writeStreamAtomically(path, async (temporary) => {
    const writer: TableWriter<MmsResultRow> =
      format === 'xlsx' ? new XlsxStreamWriter(temporary, fields, { sheetName: m.mms_results_sheet() }) : new CsvWriter(temporary, fields);
    try {
      await writer.writeRows(send.rows);
      await writer.finish(({ rows }) => aboutRows(send, about.appVersion, rows, zone));
    } catch (error) {
      await writer.abort();
      throw error;
    }
  });
}

/** `mms-results-2026-11-22-16-30.xlsx`: the send's minute in `zone`. */
export function resultsFileName(at: number, format: ResultsFormat, zone: TimeZone): string {
  const stamp = calendarOf(zone).minuteLabel(at).replace(/[: ]/g, '-');
  return `mms-results-${stamp}.${format}`;
}
