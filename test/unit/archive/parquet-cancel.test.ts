/**
 * A Parquet export of the archive written in slices (parts in a private folder beside the file)
 * stops when it is cancelled, leaving no file, no partial file and no parts; and its parts
 * are the user's only while they exist: the rows hold phone numbers.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parquetFromArchive } from '../../../src/main/archive/archive-export';
import { archiveTableFor } from '../../../src/main/archive/tables';
import type { VoiceRecord } from '../../../src/shared/records';
import { stagedArchive } from './staged-archive';

const table = archiveTableFor('voiceRecords');

function recordAt(i: number): VoiceRecord {
  return {
    voiceId: `v${i}`,
    callee: `+86 138 0000 ${String(i).padStart(4, '0')}`,
    callStatus: 10,
    submitTime: { text: 'x', epochMs: 1_795_305_596_000 - i * 1000 },
    callTime: null,
    callDuration: i % 9,
    cost: null,
    extra: {},
  } as unknown as VoiceRecord;
}


/** A cancel signal that calls `onCheck` each time the export checks it between parts (the n-th check's number passed). */
function watchedSignal(onCheck: (count: number, controller: AbortController) => void): AbortSignal {
  const controller = new AbortController();
  const signal = controller.signal;
  const original = signal.throwIfAborted.bind(signal);
  let count = 0;
  signal.throwIfAborted = () => {
    count += 1;
    onCheck(count, controller);
    original();
  };
  return signal;
}

describe('a Parquet export of the archive in slices', () => {
  const archive = stagedArchive(table, Array.from({ length: 300 }, (_, i) => recordAt(i)), { exportSliceRows: 20 });
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'parquet-cancel-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  /** The folders of parts beside the files written here. */
  const partsFolders = (): string[] => readdirSync(folder).filter((name) => name.startsWith('.') && name.includes('.parts-'));

  it('stops when cancelled between parts, and leaves no file, no partial file and no parts folder', async () => {
    let partsSeen = 0;
    const path = join(folder, 'calls.parquet');
    const signal = watchedSignal((count, controller) => {
      partsSeen = Math.max(partsSeen, partsFolders().length);
      if (count === 4) controller.abort();
    });
    const written = await parquetFromArchive(archive(), table, {}, path, undefined, signal);
    expect(written).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(existsSync(path)).toBe(false);
    expect(partsSeen).toBe(1);
    // Nothing is left: no file, no partial file, no parts.
    expect(readdirSync(folder)).toEqual([]);
  });

  it('is not put in place when cancelled as its last part is written', async () => {
    const path = join(folder, 'late.parquet');
    const controller = new AbortController();
    const store = archive();
    const copy = store.copyToParquet.bind(store);
    // The cancel arrives as the engine finishes: the rows are written, yet the export was cancelled.
    store.copyToParquet = async (...args) => {
      const rows = await copy(...args);
      controller.abort();
      return rows;
    };
    try {
      const written = await parquetFromArchive(store, table, {}, path, undefined, controller.signal);
      expect(written).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    } finally {
      store.copyToParquet = copy;
    }
    expect(readdirSync(folder)).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('keeps its parts folder and every part readable by the user only', async () => {
    const modes: string[] = [];
    const signal = watchedSignal(() => {
      for (const name of partsFolders()) {
        const parts = join(folder, name);
        modes.push(`folder ${(statSync(parts).mode & 0o777).toString(8)}`);
        for (const file of readdirSync(parts)) modes.push(`part ${(statSync(join(parts, file)).mode & 0o777).toString(8)}`);
      }
    });
    const path = join(folder, 'modes.parquet');
    expect(await parquetFromArchive(archive(), table, {}, path, undefined, signal)).toMatchObject({ ok: true, value: { rows: 300 } });
    expect(modes.filter((mode) => mode.startsWith('part')).length).toBeGreaterThan(3);
    expect([...new Set(modes)].sort()).toEqual(['folder 700', 'part 600']);
    rmSync(path);
  });
});
