/**
 * The Overview's window rule, workbook and chart pictures through the dispatcher, against
 * the built-in sandbox profile: windows up to the archive's sync history and none starting
 * in the future; the workbook saved where the save dialog said, as an export job, holding
 * the figures the Overview showed; a chart's PNG saved, anything else refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DesktopPort } from '../../../src/main/desktop-port';
import type { ArchiveStatus } from '../../../src/shared/methods/archive';
import type { ExportStarted } from '../../../src/shared/methods/export';
import { SANDBOX_PROFILE_ID } from '../../../src/shared/profiles';
import type { ChartImageSaved } from '../../../src/shared/methods/reports';
import type { Overview } from '../../../src/shared/reports/overview';
import { readWorkbook } from '../export/support';
import { summaryTables } from '../export/summary-support';
import { INERT_DESKTOP, startTestServices, valueOf } from '../support/services';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('the Overview: windows, workbook and pictures', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'overview-export-'));
  const saveDir = mkdtempSync(join(tmpdir(), 'overview-saved-'));
  let nextPath: string | null = null;
  const suggested: string[] = [];
  const desktop: DesktopPort = {
    ...INERT_DESKTOP,
    chooseSavePath: async ({ defaultName }) => {
      suggested.push(defaultName);
      return nextPath;
    },
  };
  const { services, jobChanges, call } = startTestServices({ userDataDir, desktop });
  afterAll(async () => {
    await services.close();
    rmSync(saveDir, { recursive: true, force: true });
  });

  it('takes windows up to the archive’s sync history (60 days) and none starting in the future', async () => {
    const now = Date.now();
    const days45 = await call<Overview>('overview', { fromMs: now - 46 * DAY, toMs: now - DAY, syncFirst: false });
    expect(days45.ok).toBe(true);
    const days61 = await call<Overview>('overview', { fromMs: now - 62 * DAY, toMs: now - DAY, syncFirst: false });
    expect(days61.ok === false && days61.error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/at most 60 days, the archive's sync history/),
      fields: { toMs: expect.stringMatching(/at most 60 days/) },
    });
    const future = await call<Overview>('overview', { fromMs: now + HOUR, toMs: now + DAY, syncFirst: false });
    expect(future.ok === false && future.error.fields?.fromMs).toMatch(/starts in the future/);
    // The profile's own history: 30 days synced, 30-day windows.
    const settings = valueOf(await call<ArchiveStatus>('archiveStatus', {})).settings;
    valueOf(await call('setArchiveSettings', { profileId: SANDBOX_PROFILE_ID, settings: { ...settings, historyDays: 30 } }));
    const shorter = await call<Overview>('overview', { fromMs: now - 46 * DAY, toMs: now - DAY, syncFirst: false });
    expect(shorter.ok === false && shorter.error.message).toMatch(/at most 30 days/);
    valueOf(await call('setArchiveSettings', { profileId: SANDBOX_PROFILE_ID, settings }));
    // The workbook takes the same rule.
    const exported = await call<ExportStarted>('exportOverview', { fromMs: now - 62 * DAY, toMs: now - DAY });
    expect(exported.ok).toBe(false);
  }, 60_000);

  it('writes the figures shown as an export job to the path chosen; a closed dialog starts nothing', async () => {
    const sandbox = await services.sandbox.instance();
    const toMs = Math.floor(sandbox.data.anchor.getTime() / HOUR) * HOUR - 2 * HOUR;
    const fromMs = toMs - 2 * DAY;
    const overview = valueOf(await call<Overview>('overview', { fromMs, toMs, syncFirst: true, compare: 'previous' }));
    expect(overview.voice.totals.calls).toBeGreaterThan(0);

    nextPath = null;
    expect(valueOf(await call<ExportStarted>('exportOverview', { fromMs, toMs, compare: 'previous' })).job).toBeNull();
    expect(suggested.at(-1)).toMatch(/^overview_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}_Sandbox-demo_\d{4}-\d{2}-\d{2}\.xlsx$/);

    nextPath = join(saveDir, 'overview.xlsx');
    const started = valueOf(await call<ExportStarted>('exportOverview', { fromMs, toMs, compare: 'previous' })).job;
    expect(started).toMatchObject({ kind: 'export', title: 'Overview', path: nextPath });
    await expect.poll(() => jobChanges.filter((job) => job.jobId === started?.jobId).at(-1)?.state, { timeout: 30_000 }).toBe('completed');
    const book = readWorkbook(nextPath);
    expect(book.names).toEqual(['Voice calls', 'Number calls', 'Voice calls, compared', 'Number calls, compared', 'Seats, peaks, MMS', 'About']);
    const voice = summaryTables(book.sheets['Voice calls']);
    expect(voice.Totals.find((row) => row.Figure === 'Calls')?.Value).toBe(overview.voice.totals.calls);
    expect(voice.Compared.find((row) => row.Figure === 'Calls')?.['Compared period']).toBe(overview.compared?.voice.totals.calls);
    // Written by this session: Show in folder may open it.
    expect((await call('showInFolder', { path: nextPath })).ok).toBe(true);
  }, 120_000);

  it('saves a chart’s PNG where the dialog says, and refuses what is not a PNG', async () => {
    nextPath = join(saveDir, 'chart.png');
    const saved = valueOf(await call<ChartImageSaved>('saveChartImage', { name: 'voice-by-hour', pngBase64: PNG }));
    expect(saved.path).toBe(nextPath);
    expect(suggested.at(-1)).toMatch(/^overview-voice-by-hour_Sandbox-demo_\d{4}-\d{2}-\d{2}\.png$/);
    expect(readFileSync(nextPath).equals(Buffer.from(PNG, 'base64'))).toBe(true);

    nextPath = join(saveDir, 'not.png');
    const refused = await call<ChartImageSaved>('saveChartImage', { name: 'x', pngBase64: Buffer.from('<svg/>').toString('base64') });
    expect(refused.ok === false && refused.error.message).toMatch(/not a PNG image/);
    expect(refused.ok === false && refused.error.fields).toEqual({ pngBase64: refused.ok === false ? refused.error.message : null });
    // Characters decoding would skip: what arrived is not the picture sent, though it may still read as a PNG.
    const mangled = await call<ChartImageSaved>('saveChartImage', { name: 'x', pngBase64: `${PNG.slice(0, 12)}!!!!${PNG.slice(12)}` });
    expect(mangled.ok === false && Object.keys(mangled.error.fields ?? {})).toEqual(['pngBase64']);
    const huge = await call<ChartImageSaved>('saveChartImage', { name: 'x', pngBase64: 'A'.repeat(14 * 1024 * 1024) });
    expect(huge.ok === false && Object.keys(huge.error.fields ?? {})).toEqual(['pngBase64']);
    expect(existsSync(nextPath)).toBe(false);
  });

  it('says why a chart could not be saved where the dialog said: a folder that does not exist, a name too long', async () => {
    nextPath = join(saveDir, 'gone', 'chart.png');
    const gone = await call<ChartImageSaved>('saveChartImage', { name: 'voice-by-hour', pngBase64: PNG });
    expect(gone).toMatchObject({ ok: false, error: { code: 'file-error', said: { key: 'export_folder_gone' } } });
    expect(gone.ok === false && gone.error.detail).toContain(nextPath);
    nextPath = join(saveDir, `${'c'.repeat(300)}.png`);
    const long = await call<ChartImageSaved>('saveChartImage', { name: 'voice-by-hour', pngBase64: PNG });
    expect(long).toMatchObject({ ok: false, error: { code: 'file-error', said: { key: 'export_file_name_too_long' } } });
  });
});
