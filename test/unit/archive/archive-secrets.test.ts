/** No secret reaches the archive or its Parquet, under whatever name and at whatever depth. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parquetFromArchive } from '../../../src/main/archive/archive-export';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { param, sql } from '../../../src/main/archive/sql-query';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { normaliseSeat } from '../../../src/shared/normalise';
import { isSecretFieldName } from '../../../src/shared/secret-fields';
import { withoutPassword, type SeatRecord } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const seats = archiveTableFor('seats');
const SECRETS = ['pw-top', 'pw-Password', 'pw-sip', 'pw-pwd', 'pw-token', 'pw-sign', 'pw-secret'];

/** A seat as the platform might send it: its password, and more under other names, some nested. */
function leakySeat(keyId: string): SeatRecord {
  return normaliseSeat(
    {
      keyId,
      name: keyId,
      password: 'pw-top',
      Password: 'pw-Password',
      sipPassword: 'pw-sip',
      kept: 'visible',
      settings: { pwd: 'pw-pwd', nested: [{ accessToken: 'pw-token', label: 'fine' }], SIGN: 'pw-sign' },
      apiSecret: 'pw-secret',
    },
    { zone },
  );
}

let folder: string;
let store: ArchiveStore;
beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'switchboard-secrets-'));
  store = (await ArchiveStore.open(join(folder, 'archive', 'p.duckdb'))).store;
});
afterEach(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('secrets', () => {
  it('names a secret by password, pwd, secret, token or sign, in any case', () => {
    for (const name of ['password', 'Password', 'sipPassword', 'PWD', 'apiSecret', 'accessToken', 'Sign', 'signature']) {
      expect(isSecretFieldName(name)).toBe(true);
    }
    for (const name of ['name', 'account', 'keyId', 'displayNum']) expect(isSecretFieldName(name)).toBe(false);
  });

  it('are dropped before the archive stores a row, and so never reach its Parquet', async () => {
    const record = leakySeat('k1');
    expect(JSON.stringify(record)).toContain('pw-sip');
    await store.stage(seats, [record], 0, 1_000);
    await store.commit(seats, { snapshot: { scope: '', takenAtMs: 1_000 } });
    const [stored] = (await store.page(seats, {}, 0, 10)).records;
    expect(stored?.extra).toEqual({ kept: 'visible', settings: { nested: [{ label: 'fine' }] } });
    const out = join(folder, 'seats.parquet');
    expect(await parquetFromArchive(store, seats, {}, out)).toMatchObject({ ok: true });
    const parquet = await readParquetText(out);
    for (const secret of SECRETS) expect(parquet).not.toContain(secret);
    expect(parquet).toContain('visible');
  });

  it('stored by an earlier version are dropped when the archive next opens', async () => {
    await store.stage(seats, [leakySeat('k1')], 0, 1_000);
    await store.commit(seats, { snapshot: { scope: '', takenAtMs: 1_000 } });
    // As an older version left it: the secrets in `extra`, and no note that they were dropped.
    const leaked = JSON.stringify({ kept: 'visible', sipPassword: 'pw-sip', deep: { list: [{ Token: 'pw-token' }] } });
    await store.read([seats.layout], sql`UPDATE seats SET extra = ${param(leaked)}`);
    await store.read([], sql`DELETE FROM _meta WHERE key LIKE 'secrets-dropped:%'`);
    await store.close();

    store = (await ArchiveStore.open(join(folder, 'archive', 'p.duckdb'))).store;
    const [stored] = (await store.page(seats, {}, 0, 10)).records;
    expect(stored?.extra).toEqual({ kept: 'visible', deep: { list: [{}] } });
  });
});

async function readParquetText(path: string): Promise<string> {
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  try {
    const rows = (await connection.runAndReadAll(`SELECT * FROM read_parquet('${path.replaceAll("'", "''")}')`)).getRowsJS();
    return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)) + readFileSync(path, 'latin1');
  } finally {
    connection.closeSync();
    db.closeSync();
  }
}

describe('rows leaving main', () => {
  it('follow the same rule: a seat row has no password under any name', () => {
    const row = withoutPassword(leakySeat('k2'));
    const text = JSON.stringify(row);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(row.extra).toEqual({ kept: 'visible', settings: { nested: [{ label: 'fine' }] } });
    expect(row.name).toBe('k2');
  });
});
