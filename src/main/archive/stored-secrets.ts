/**
 * Secrets an archive stored before it dropped them: a JSON field (`extra`) of an older
 * file may still hold a `Password`, `sipPassword` or `token`. Each table is cleaned once,
 * when it is first prepared, and `_meta` remembers it.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { SECRET_NAME_PATTERN, withoutSecretFields } from '../../shared/secret-fields';
import { readMeta, writeMeta } from './meta-tables';
import { fieldColumn, inTransaction, joinSql, param, readSql, runSql, sql, tableName } from './sql-query';
import type { TableLayout } from './table-layout';

const UPDATE_BATCH = 500;

const doneKey = (layout: TableLayout): string => `secrets-dropped:${layout.table}`;

/** Drops secret-named fields from the table's stored JSON fields, once per table; how many cells changed. */
export async function dropStoredSecrets(writer: DuckDBConnection, layout: TableLayout): Promise<number> {
  if ((await readMeta(writer, doneKey(layout))) !== null) return 0;
  const changed = await inTransaction(writer, async () => {
    let cells = 0;
    for (const field of layout.fields.filter((candidate) => candidate.kind === 'json')) {
      const column = fieldColumn(layout, field.field);
      // The engine picks out the cells that may hold one (the name anywhere in the text); the rule decides.
      const rows = await readSql(
        writer,
        sql`SELECT rowid, ${column} FROM ${tableName(layout)} WHERE regexp_matches(${column}, ${param(SECRET_NAME_PATTERN)}, 'i')`,
      );
      const updates = rows.flatMap(([rowid, text]) => {
        const cleaned = cleanedJson(String(text));
        return cleaned === null ? [] : [{ rowid: BigInt(rowid as bigint), cleaned }];
      });
      for (let first = 0; first < updates.length; first += UPDATE_BATCH) {
        const batch = updates.slice(first, first + UPDATE_BATCH);
        const values = joinSql(batch.map(({ rowid, cleaned }) => sql`(${rowid}, ${param(cleaned)})`));
        await runSql(
          writer,
          sql`UPDATE ${tableName(layout)} SET ${column} = cleaned.text FROM (VALUES ${values}) AS cleaned(id, text) WHERE ${tableName(layout)}.rowid = cleaned.id`,
        );
      }
      cells += updates.length;
    }
    await writeMeta(writer, doneKey(layout), String(Date.now()));
    return cells;
  });
  if (changed > 0) await runSql(writer, sql`CHECKPOINT`);
  return changed;
}

/** The JSON text without its secret fields; null when it holds none, or is not JSON (left as it is). */
function cleanedJson(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const cleaned = JSON.stringify(withoutSecretFields(parsed));
  return cleaned === JSON.stringify(parsed) ? null : cleaned;
}
