/**
 * An archive of many generated voice records, made in seconds by the engine itself (the
 * table from the app's own layout, the rows by one INSERT … SELECT): for tests that need
 * reads heavy enough to take seconds.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';

/** Voice records `[0, rows)`, one every `stepMs` back from `newestMs`, each text field distinct. */
export async function generateVoiceArchive(path: string, rows: number, options: { newestMs?: number; stepMs?: number } = {}): Promise<void> {
  const { newestMs = Date.UTC(2026, 10, 22), stepMs = 60_000 } = options;
  const table = archiveTableFor('voiceRecords');
  const { store } = await ArchiveStore.open(path);
  await store.commit(table, null);
  await store.close();
  const { layout } = table;
  const json = new Set(layout.fields.filter((field) => field.kind === 'json').map((field) => field.column));
  const values = layout.columns.map(({ name, type }) => {
    if (json.has(name)) return `'{}'`;
    if (name === '_key') return `'v' || i`;
    if (name === '_time') return `${newestMs} - i * ${stepMs}`;
    if (name === '_seen') return `${newestMs}`;
    if (name === '_pos') return 'i';
    if (name === '_scope') return `''`;
    if (type === 'VARCHAR') return `'${name} ' || i`;
    if (type === 'DOUBLE') return `(i % 97)::DOUBLE`;
    if (type === 'BIGINT') return `${newestMs} - i * ${stepMs}`;
    return 'NULL';
  });
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    // By the layout's names: the table's search text is left empty, and filled when the store opens it below.
    const names = layout.columns.map(({ name }) => `"${name}"`);
    await connection.run(`INSERT INTO "${layout.table}" (${names.join(', ')}) SELECT ${values.join(', ')} FROM range(${rows}) t(i)`);
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  // Opened once more as the app opens it, so the rows' search text is written before a test reads them.
  const { store: filled } = await ArchiveStore.open(path);
  await filled.page(table, {}, 0, 1);
  await filled.close();
}
