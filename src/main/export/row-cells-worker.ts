/**
 * Worker thread entry: writes the cells of an archive export's rows (row-cells-pool.ts).
 * It decodes each chunk as the engine handed it, with the archive's own decoder, and
 * answers with the rows' cells encoded, the same XML the writer would make itself.
 * Bundled as out/main/export-rows-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseLocale, setCurrentLocale } from '../../shared/i18n/locale';
import { parseTimeZone } from '../../shared/time-zone';
import { recordColumnsOf } from '../archive/record-columns';
import { archiveTableFor } from '../archive/tables';
import { exportFields } from './cells';
import { columnsOf } from './export-columns';
import { encodeRows, RowCells } from './row-cells';
import { readRowCellsSpec, readRowsToEncode } from './row-cells-messages';

const spec = readRowCellsSpec(workerData);
if (spec === null) throw new Error('The export worker was started without its columns.');
setCurrentLocale(parseLocale(spec.locale) ?? 'en');
const zone = parseTimeZone(spec.timeZone);
const columns = columnsOf(spec.operation, spec.columns);
if (zone === null || !columns.ok) throw new Error('The export worker could not make its columns.');
const cells = new RowCells(exportFields(columns.value, zone));
const decoder = recordColumnsOf(archiveTableFor(spec.operation).layout);

parentPort?.on('message', (message: unknown) => {
  const rows = readRowsToEncode(message);
  if (rows === null) throw new Error('The export worker was handed something other than rows.');
  const encoded = encodeRows(cells, decoder.records(rows.raw));
  parentPort?.postMessage({ id: rows.id, ...encoded }, [encoded.bytes.buffer, encoded.ends.buffer]);
});
