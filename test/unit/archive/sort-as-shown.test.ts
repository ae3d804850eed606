/**
 * One order per column: every column the archive can sort by lists its rows in the order the
 * table sorts the same rows once loaded (cell-text.ts sortRows), in English and in Chinese:
 * digit runs as numbers, case and accents not counted, pinyin, codes as numbers, empty ones last.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { syncList } from '../../../src/main/archive/sync-plan';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { compareSortValues, sortRows, sortValueOf } from '../../../src/shared/cell-text';
import type { Column } from '../../../src/shared/columns';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { LIST_OPERATIONS, listOf, type ListOperation } from '../../../src/shared/operations';

const DAY = 86_400_000;

describe('the archive sorts every column as the table sorts loaded rows', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let folder: string;
  let store: ArchiveStore;
  const scopes = new Map<ListOperation, { scope?: string }>();

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3, volume: 'small' });
    client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });
    folder = mkdtempSync(join(tmpdir(), 'sort-as-shown-'));
    store = (await ArchiveStore.open(join(folder, 'archive.duckdb'))).store;
    const now = Date.now();
    for (const operation of LIST_OPERATIONS) {
      const taskId = listOf(operation).sync === 'always' ? null : sandbox.data.taskIds[0];
      const synced = await syncList(store, client, operation, { window: { fromMs: now - 55 * DAY, toMs: now }, refreshMs: DAY, taskId }, {});
      expect(synced.ok, operation).toBe(true);
      scopes.set(operation, taskId === null ? {} : { scope: String(taskId) });
    }
  }, 60_000);
  afterAll(async () => {
    setCurrentLocale('en');
    await store.close();
    client.close();
    await sandbox.close();
    rmSync(folder, { recursive: true, force: true });
  });

  for (const locale of ['en', 'zh-CN'] as const) {
    it(`in ${locale}`, async () => {
      setCurrentLocale(locale);
      let compared = 0;
      for (const operation of LIST_OPERATIONS) {
        const list = listOf(operation);
        const table = archiveTableFor(operation);
        const scope = scopes.get(operation) ?? {};
        const rows = (await store.page(table, scope, 0, 100_000)).records.map((record) => list.toRow(record as never));
        expect(rows.length, operation).toBeGreaterThan(5);
        const sortable = list.columns.filter((column) => Object.hasOwn(list.fields, column.key) || Object.hasOwn(list.jsonColumns ?? {}, column.key));
        for (const column of sortable as readonly Column<unknown>[]) {
          for (const descending of [false, true]) {
            const sort = { key: column.key, descending };
            const archived = (await store.page(table, { ...scope, sort: { field: column.key, descending } }, 0, 100_000)).records;
            const shown = sortRows(rows, list.columns as readonly Column<unknown>[], sort);
            // Rows equal by the sort ("A" and "a") may come in either order: their values are compared as the sort compares them.
            const got = archived.map((record) => sortValueOf(column, list.toRow(record as never)));
            const want = shown.map((row) => sortValueOf(column, row));
            const at = got.findIndex((value, index) => compareSortValues(value, want[index] ?? null) !== 0);
            const where = `${operation}.${column.key} ${descending ? 'descending' : 'ascending'} at row ${at}`;
            expect(at, `${where}: ${JSON.stringify(got.slice(at, at + 3))} against ${JSON.stringify(want.slice(at, at + 3))}`).toBe(-1);
            expect(got.length, where).toBe(want.length);
            compared += 1;
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
    }, 60_000);
  }
});
