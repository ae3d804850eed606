/** The export job: nothing under the real name until complete; cancel and failure leave no file. */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { say } from '../../../src/shared/i18n/said';
import type { WindowDraft } from '../../../src/shared/operations/filter-values';
import type { VoiceRecord } from '../../../src/shared/records';
import type { RecordWindowParams } from '../../../src/shared/requests';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { runExport, type ExportJobOptions } from '../../../src/main/export/export-job';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone } from '../../../src/shared/time-zone';
import { checkedPage, checkedQuery } from '../support/checked';
import { rawRecords } from './expected';
import { parseCsv, readWorkbook, scratchDir } from './support';

const DAY = 86_400_000;

describe('runExport', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let dir: string;
  let window: { strTime: string; endTime: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3, volume: 'default' });
    client = createClient({
      baseUrl: sandbox.baseUrl,
      ...sandbox.credentials,
      timeZone: '+08:00',
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20, rateLimitBaseDelayMs: 5 },
    });
    const zone = parseTimeZone('+08:00');
    if (!zone) throw new Error('zone');
    const anchor = sandbox.data.anchor.getTime();
    window = { strTime: formatIsoInZone(anchor - 3 * DAY, zone), endTime: formatIsoInZone(anchor, zone) };
  });
  beforeEach(() => {
    sandbox.setFaults({ errorRate: 0, latencyMs: 0, dropRate: 0 });
    dir = scratchDir();
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
  });

  type VoiceExport = ExportJobOptions<RecordWindowParams, VoiceRecord, VoiceRecord, WindowDraft>;
  const options = (path: string, extra: Partial<VoiceExport> = {}): VoiceExport => ({
    client,
    list: LISTS.voiceRecords,
    selection: { scope: 'all', query: checkedQuery(LISTS.voiceRecords, window) },
    format: 'xlsx',
    path,
    timeZone: 'Asia/Shanghai',
    about: { profileName: 'Sandbox (demo)', appVersion: '9.9.9' },
    ...extra,
  });

  it('writes under a temporary name and renames only when complete; the About sheet says what was exported', async () => {
    const path = join(dir, 'voice.xlsx');
    const seen: string[][] = [];
    const result = await runExport(
      options(path, {
        concurrency: 2,
        onProgress: () => {
          seen.push(readdirSync(dir));
        },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const during = seen.filter((names) => names.length > 0);
    expect(during.length).toBeGreaterThan(0);
    for (const names of during) {
      expect(names).not.toContain('voice.xlsx');
      expect(names.every((name) => name.startsWith('voice.xlsx.partial-'))).toBe(true);
    }
    expect(readdirSync(dir)).toEqual(['voice.xlsx']);
    const served = await rawRecords(sandbox, 'voiceRecords', window);
    expect(result.value.rows).toBe(served.length);
    const { sheets } = readWorkbook(path);
    const about = Object.fromEntries(sheets.About.slice(1).map(([label, value]) => [label, value]));
    expect(about).toMatchObject({
      Operation: 'Voice records',
      Scope: 'All matching records',
      Filters: `strTime: ${window.strTime}; endTime: ${window.endTime}`,
      Profile: 'Sandbox (demo)',
      'Time zone': 'Asia/Shanghai',
      // The client reads offset-less times in +08:00, another zone than the one written: both are named.
      'Platform times read in': "+08:00 (the platform's times without an offset)",
      Rows: served.length,
      'App version': '9.9.9',
    });
    expect(typeof about['Exported at']).toBe('number');
    // Neither the key nor the secret is anywhere in the file.
    const xml = Object.values(unzipSync(readFileSync(path))).map((bytes) => strFromU8(bytes)).join('\n');
    expect(xml).not.toContain(sandbox.credentials.apiKey);
    expect(xml).not.toContain(sandbox.credentials.apiSecret);
  });

  it('names the zone of its date-times: a CSV in each time header, a workbook once when the platform zone is the same', async () => {
    const csvPath = join(dir, 'voice.csv');
    expect((await runExport(options(csvPath, { format: 'csv' }))).ok).toBe(true);
    const header = parseCsv(readFileSync(csvPath, 'utf8').slice(1)).rows[0];
    const times = LISTS.voiceRecords.columns.filter((column) => column.kind === 'time').map((column) => `${column.header()} (Asia/Shanghai)`);
    expect(times.length).toBeGreaterThan(0);
    expect(header.filter((cell) => cell.endsWith('(Asia/Shanghai)'))).toEqual(times);

    const xlsxPath = join(dir, 'same-zone.xlsx');
    expect((await runExport(options(xlsxPath, { timeZone: '+08:00' }))).ok).toBe(true);
    const about = Object.fromEntries(readWorkbook(xlsxPath).sheets.About.slice(1).map(([label, value]) => [label, value]));
    expect(about['Time zone']).toBe('+08:00');
    expect(about).not.toHaveProperty('Platform times read in');
  });

  it('exports exactly the page on show', async () => {
    const path = join(dir, 'page.csv');
    const result = await runExport(options(path, {
        selection: { scope: 'page', request: checkedPage(LISTS.voiceRecords, { current: 3, size: 20, params: window }) },
        format: 'csv',
      }),);
    expect(result.ok).toBe(true);
    const served = (await rawRecords(sandbox, 'voiceRecords', window)).slice(40, 60).map((record) => record.voiceId);
    const ids = parseCsv(readFileSync(path, 'utf8').slice(1))
      .rows.slice(1)
      .map((row) => row[0]);
    expect(ids).toEqual(served);
  });

  it('leaves no file when cancelled part-way', async () => {
    sandbox.setFaults({ latencyMs: 30 });
    const path = join(dir, 'cancelled.xlsx');
    const controller = new AbortController();
    const result = await runExport(
      options(path, {
        signal: controller.signal,
        concurrency: 2,
        onProgress: (progress) => {
          if (progress.rows >= 200) controller.abort();
        },
      }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('cancelled');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no file when the platform keeps failing, and says why', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const path = join(dir, 'failed.csv');
    const result = await runExport(options(path, { format: 'csv' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('platform:-18');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports a file it cannot write, says what to do about the cause, and leaves nothing behind', async () => {
    const path = join(dir, 'missing-folder', 'voice.xlsx');
    const result = await runExport(options(path));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('file-error');
      expect(result.error.detail).toContain('missing-folder');
      // Said as a message of the catalog, so a screen words it again in the language on show.
      expect(result.error.said).toEqual({ key: 'export_folder_gone' });
      expect(result.error.message).toBe('That folder does not exist. Choose a folder that exists, then try again.');
    }
    expect(existsSync(path)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('says a name too long for the file system is too long, before anything is fetched', async () => {
    const path = join(dir, `${'v'.repeat(300)}.xlsx`);
    const result = await runExport(options(path));
    expect(result).toMatchObject({ ok: false, error: { code: 'file-error', said: { key: 'export_file_name_too_long' } } });
    if (!result.ok) expect(say({ key: 'export_file_name_too_long' })).toBe(result.error.message);
    expect(readdirSync(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("says in the file, not only on screen, that a cell was cut to Excel's limit", async () => {
    const path = join(dir, 'long.xlsx');
    const long = { ...LISTS.voiceRecords.normalise({}, { zone: client.timeZone }), voiceId: 'v1', calledInfo: 'x'.repeat(40_000) };
    const result = await runExport(
      options(path, {
        columns: LISTS.voiceRecords.columns.filter((column) => column.key === 'voiceId' || column.key === 'calledInfo'),
        rows: async (onRows) => {
          await onRows([long]);
          return { ok: true, value: null };
        },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cut = "1 cell(s) were longer than Excel's 32,767 characters and were cut.";
    expect(result.value.warnings).toEqual([cut]);
    const { sheets } = readWorkbook(path);
    expect(String(sheets['Voice records'][1][1])).toHaveLength(32_767);
    const about = Object.fromEntries(sheets.About.slice(1).map(([label, value]) => [label, value]));
    expect(about.Warnings).toBe(cut);
  });
});
