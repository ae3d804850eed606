/** An archive filled with a sandbox's records, as the API client would have normalised them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { SandboxData } from '../../../src/main/sandbox/data';
import { listOf } from '../../../src/shared/operations';
import { withoutPassword } from '../../../src/shared/records';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const SANDBOX_ZONE = parseTimeZone('+08:00') as TimeZone;

export interface TestArchive {
  store: ArchiveStore;
  remove(): Promise<void>;
}

export async function emptyArchive(): Promise<TestArchive> {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-report-'));
  const { store } = await ArchiveStore.open(join(folder, 'archive.duckdb'));
  return {
    store,
    remove: async () => {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Every voice and number record of the sandbox in [fromMs, toMs), and its seat list. */
export async function archiveOfSandbox(data: SandboxData, fromMs: number, toMs: number): Promise<TestArchive> {
  const archive = await emptyArchive();
  const { store } = archive;
  const context = { zone: SANDBOX_ZONE };
  const voice = data.voiceRecordRange(fromMs, toMs);
  const voiceRows = [];
  for (let i = voice.first; i < voice.end; i++) {
    voiceRows.push(listOf('voiceRecords').normalise(data.voiceRecordAt(i) as unknown as Record<string, unknown>, context));
  }
  await store.stage(archiveTableFor('voiceRecords'), voiceRows, 0, Date.now());
  await store.commit(archiveTableFor('voiceRecords'), { coverage: { fromMs, toMs, syncedAtMs: toMs + 86_400_000 } });
  const numbers = data.numberRecordRange(fromMs, toMs);
  const numberRows = [];
  for (let i = numbers.first; i < numbers.end; i++) {
    numberRows.push(listOf('numberRecords').normalise(data.numberRecordAt(i) as unknown as Record<string, unknown>, context));
  }
  await store.stage(archiveTableFor('numberRecords'), numberRows, 0, Date.now());
  await store.commit(archiveTableFor('numberRecords'), null);
  const seats = data.seats().map((seat) => withoutPassword(listOf('seats').normalise(seat as unknown as Record<string, unknown>, context)));
  const takenAtMs = Date.now();
  await store.stage(archiveTableFor('seats'), seats, 0, takenAtMs);
  await store.commit(archiveTableFor('seats'), { snapshot: { scope: '', takenAtMs } });
  return archive;
}
