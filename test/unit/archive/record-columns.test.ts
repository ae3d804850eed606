/**
 * Records read as an array of texts and typed numbers (record-columns.ts, how pages and
 * exports read the archive) equal the records rebuilt as one JSON object in the engine (an
 * independent reading, kept here as the reference), for every kind of field and every
 * awkward value: missing and empty texts, controls, quotes, markup, emoji, lists, JSON
 * fields, missing numbers.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, LIST, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { recordColumns } from '../../../src/main/archive/record-columns';
import { fieldAlias, fieldColumn, fieldSortColumn, joinSql, renderSql, sql, type SqlQuery } from '../../../src/main/archive/sql-query';
import { encodeFields, tableLayout, type TableLayout } from '../../../src/main/archive/table-layout';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { FieldKind } from '../../../src/shared/normalise/schema';
import type { VoiceRecord } from '../../../src/shared/records';

/** The reference: the record rebuilt as JSON text inside the engine, which JSON.parse gives back whole. */
function recordJsonSql(layout: TableLayout): SqlQuery {
  const parts = layout.fields.map((field) => {
    const column = fieldColumn(layout, field.field);
    const sort = fieldSortColumn(layout, field.field);
    const key = fieldAlias(layout, field.field);
    switch (field.kind) {
      case 'timestamp':
        return sql`${key} := CASE WHEN ${column} IS NULL THEN NULL ELSE struct_pack("text" := ${column}, "epochMs" := ${sort}) END`;
      case 'amount':
        return sql`${key} := CASE WHEN ${column} IS NULL THEN NULL ELSE struct_pack("text" := ${column}, "value" := ${sort}) END`;
      case 'textList':
        return sql`${key} := coalesce(${column}, []::VARCHAR[])`;
      case 'json':
        return sql`${key} := coalesce(${column}, '{}')::JSON`;
      default:
        return sql`${key} := ${column}`;
    }
  });
  return sql`to_json(struct_pack(${joinSql(parts)}))::VARCHAR`;
}

const AWKWARD_TEXTS = [null, '', ' ', 'plain', 'a\u001fb', '\u001f', '\u001f\u001f', '<&>"\'', 'line\nbreak\r\n', '星辰科技 😀', '\u001e', 'null', '[]', '{}'];
const NUMBERS = [null, 0, -0.5, 0.1, 30, 1e21, -1234567.891, 2 ** 53 - 1];

/** A table of one field of each kind (and `texts` more text fields), its rows written through the app's own encoding. */
async function tableOf(connection: DuckDBConnection, name: string, texts: number): Promise<TableLayout> {
  const schema: Record<string, { kind: FieldKind }> = {
    title: { kind: 'text' },
    count: { kind: 'number' },
    startedAt: { kind: 'timestamp' },
    cost: { kind: 'amount' },
    groups: { kind: 'textList' },
  };
  for (let i = 0; i < texts; i++) schema[`text${i}`] = { kind: 'text' };
  const layout = tableLayout(name, schema, ['extra']);
  const fieldColumns = layout.columns.filter((column) => !column.name.startsWith('_'));
  await connection.run(`CREATE TABLE ${name} (${fieldColumns.map((column) => `"${column.name}" ${column.type}`).join(', ')})`);
  const appender = await connection.createAppender(name);
  for (let row = 0; row < 200; row++) {
    const pick = <T>(values: readonly T[], salt: number): T => values[(row * 5 + salt) % values.length];
    const record: Record<string, unknown> = {
      title: pick(AWKWARD_TEXTS, 0),
      count: pick(NUMBERS, 1),
      startedAt: row % 5 === 0 ? null : { text: pick(AWKWARD_TEXTS, 2) ?? '2026-11-24 10:00:00', epochMs: row % 3 === 0 ? null : 1_795_305_596_000 + row },
      cost: row % 4 === 0 ? null : { text: pick(AWKWARD_TEXTS, 3) ?? '0.10', value: pick(NUMBERS, 4) },
      groups: row % 6 === 0 ? [] : [pick(AWKWARD_TEXTS, 5) ?? 'g', 'b\u001fc'],
      extra: row % 3 === 0 ? undefined : { note: pick(AWKWARD_TEXTS, 6), depth: { n: row } },
    };
    for (let i = 0; i < texts; i++) record[`text${i}`] = pick(AWKWARD_TEXTS, 7 + i);
    const cells = encodeFields(layout, record);
    fieldColumns.forEach((column, index) => {
      const cell = cells[index];
      if (cell === null) appender.appendNull();
      else if (Array.isArray(cell)) appender.appendList(cell, LIST(VARCHAR));
      else if (column.type === 'DOUBLE') appender.appendDouble(Number(cell));
      else if (column.type === 'BIGINT') appender.appendBigInt(BigInt(cell));
      else appender.appendVarchar(String(cell));
    });
    appender.endRow();
  }
  appender.closeSync();
  return layout;
}

async function readBoth(connection: DuckDBConnection, layout: TableLayout): Promise<{ json: unknown[]; columns: unknown[] }> {
  const json = (await connection.runAndReadAll(`SELECT ${renderSql(recordJsonSql(layout)).text} FROM ${layout.table} ORDER BY rowid`))
    .getRows()
    .map((row) => JSON.parse(String(row[0])) as unknown);
  const bulk = recordColumns(layout);
  const { text, params } = renderSql(bulk.select);
  const result = await connection.stream(`SELECT ${text} FROM ${layout.table} ORDER BY rowid`, params);
  const columns: unknown[] = [];
  for await (const chunk of result) columns.push(...bulk.decode(chunk));
  return { json, columns };
}

describe('records read as an array of texts and typed numbers', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });

  it.each([
    ['one field of each kind', 0],
    ['forty more text fields', 40],
  ])('equal the records read as JSON: %s', async (_name, texts) => {
    const layout = await tableOf(connection, `t${texts}`, texts);
    const { json, columns } = await readBoth(connection, layout);
    expect(columns).toHaveLength(200);
    expect(columns).toEqual(json);
    // The awkward values were there to be read.
    expect(columns).toContainEqual(expect.objectContaining({ title: 'a\u001fb' }));
    expect(columns).toContainEqual(expect.objectContaining({ title: null }));
    for (const missing of ['count', 'cost', 'startedAt']) expect(columns).toContainEqual(expect.objectContaining({ [missing]: null }));
    expect(columns).toContainEqual(expect.objectContaining({ startedAt: expect.objectContaining({ epochMs: null }) }));
    expect(columns).toContainEqual(expect.objectContaining({ groups: [] }));
  });
});

describe('an export reads the rows a page shows', () => {
  const table = archiveTableFor('voiceRecords');
  let store: ArchiveStore;
  beforeAll(async () => {
    ({ store } = await ArchiveStore.open(join(mkdtempSync(join(tmpdir(), 'record-columns-')), 'archive.duckdb')));
    const records: VoiceRecord[] = Array.from({ length: 300 }, (_, i) => ({
      voiceId: `v${i}`,
      callee: i % 3 === 0 ? null : `+86 ${i}\u001f<&>`,
      displayNum: i % 2 === 0 ? '' : `0${i}`,
      callStatus: i % 7 === 0 ? null : 50,
      submitTime: { text: `2026-11-24T10:${String(i % 60).padStart(2, '0')}:00+08:00`, epochMs: 1_795_305_596_000 - i * 1000 },
      callTime: i % 4 === 0 ? null : { text: 'not a time', epochMs: null },
      callDuration: i % 5 === 0 ? null : i,
      cost: i % 6 === 0 ? null : { text: `0.${i}`, value: i % 11 === 0 ? null : i / 10 },
      calledInfo: `星辰 😀 ${i}`,
      extra: i % 2 === 0 ? {} : { note: `n${i}` },
    }) as unknown as VoiceRecord);
    await store.stage(table, records, 0, Date.now());
    await store.commit(table, null);
  });
  afterAll(() => store.close());

  it('every record of each() equals the page record', async () => {
    const exported: VoiceRecord[] = [];
    await store.each(table, {}, (records) => void exported.push(...records));
    const page = await store.page(table, {}, 0, 300);
    expect(exported).toHaveLength(300);
    expect(exported).toEqual(page.records);
    expect(exported.some((record) => record.callee === null)).toBe(true);
  });
});
