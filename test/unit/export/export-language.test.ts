/**
 * An export speaks main's language: sheet names, the About and Summary sheets and the header
 * row in Chinese when main's locale is zh-CN; the header row in English or as the platform's
 * field names when asked (the rest stays in the interface language), and the About sheet
 * names the choice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import type { WindowDraft } from '../../../src/shared/operations/filter-values';
import type { VoiceRecord } from '../../../src/shared/records';
import type { RecordWindowParams } from '../../../src/shared/requests';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { runExport, type ExportJobOptions } from '../../../src/main/export/export-job';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { formatIsoInZone, parseTimeZone } from '../../../src/shared/time-zone';
import { checkedQuery } from '../support/checked';
import { parseCsv, readWorkbook, scratchDir, type Grid } from './support';

const DAY = 86_400_000;
const voice = LISTS.voiceRecords;
const zh = { locale: 'zh-CN' as const };
const en = { locale: 'en' as const };

function aboutOf(grid: Grid): Record<string, unknown> {
  return Object.fromEntries(grid.slice(1).map(([label, value]) => [label, value]));
}

describe('an export in the interface language', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  let window: { strTime: string; endTime: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 5, volume: 'default' });
    client = createClient({
      baseUrl: sandbox.baseUrl,
      ...sandbox.credentials,
      timeZone: '+08:00',
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20, rateLimitBaseDelayMs: 5 },
    });
    const zone = parseTimeZone('+08:00');
    if (!zone) throw new Error('zone');
    const anchor = sandbox.data.anchor.getTime();
    window = { strTime: formatIsoInZone(anchor - DAY, zone), endTime: formatIsoInZone(anchor, zone) };
  });
  afterEach(() => setCurrentLocale('en'));
  afterAll(async () => {
    client.close();
    await sandbox.close();
  });

  type VoiceExport = ExportJobOptions<RecordWindowParams, VoiceRecord, VoiceRecord, WindowDraft>;
  const options = (path: string, extra: Partial<VoiceExport> = {}): VoiceExport => ({
    client,
    list: voice,
    selection: { scope: 'all', query: checkedQuery(voice, window) },
    format: 'xlsx',
    path,
    timeZone: 'Asia/Shanghai',
    about: { profileName: 'Sandbox (demo)', appVersion: '9.9.9' },
    ...extra,
  });

  async function exported(extra: Partial<VoiceExport> = {}): Promise<ReturnType<typeof readWorkbook>> {
    const path = join(scratchDir(), 'voice.xlsx');
    const result = await runExport(options(path, extra));
    expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
    return readWorkbook(path);
  }

  it('zh-CN: Chinese sheet names, header row, About and Summary', async () => {
    setCurrentLocale('zh-CN');
    const { names, sheets } = await exported();
    const records = voice.endpoint.title({}, zh);
    expect(names).toEqual(['汇总', records, '说明']);

    const header = sheets[records][0];
    expect(header[0]).toBe(voice.columns[0].header({}, zh));
    expect(header).toContain('呼叫状态');
    expect(header).toContain('呼叫状态（说明）');
    expect(header).toContain('通话时长（秒）');
    expect(header.join(' ')).not.toMatch(/[A-Za-z]{4,}/);

    expect(sheets['说明'][0]).toEqual(['关于本次导出', '值']);
    const about = aboutOf(sheets['说明']);
    expect(about).toMatchObject({ 操作: records, 范围: '全部匹配记录', 配置: 'Sandbox (demo)', 时区: 'Asia/Shanghai', 表头: '列名使用界面语言', 应用版本: '9.9.9' });
    expect(about['平台时间按此时区读取']).toBe('+08:00（平台未带时差的时间）');

    const summary = sheets['汇总'];
    expect(summary[0][0]).toBe(`${records}：汇总`);
    const text = summary.flat().filter((cell): cell is string => typeof cell === 'string');
    expect(text).toContain('金额按币种分别合计，不跨币种相加。');
    expect(text).toContain('合计');
    expect(text).toContain('按天');
    expect(text.some((cell) => /^\d[\d,]* 条记录，从 .+ 到 .+。小时和日期按 Asia\/Shanghai 计。$/.test(cell))).toBe(true);
    expect(text).not.toContain('Totals');
    expect(text).not.toContain('By day');
  });

  it("zh-CN with headers 'fields': the platform's field names, the rest in Chinese", async () => {
    setCurrentLocale('zh-CN');
    const { names, sheets } = await exported({ headers: 'fields' });
    const header = sheets[names[1]][0];
    expect(header[0]).toBe(voice.columns[0].key);
    expect(header).toContain('callStatus');
    expect(header).toContain('callStatus_label');
    expect(header).toContain('callDuration_s');
    expect(header.every((cell) => typeof cell === 'string' && /^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)?$/.test(cell))).toBe(true);
    expect(String(aboutOf(sheets['说明']).表头)).toMatch(/^平台字段名；/);
    expect(names[0]).toBe('汇总');
  });

  it("zh-CN with headers 'english': English headers, Chinese sheet names, About and Summary", async () => {
    setCurrentLocale('zh-CN');
    const { names, sheets } = await exported({ headers: 'english' });
    expect(names).toEqual(['汇总', voice.endpoint.title({}, zh), '说明']);
    const header = sheets[names[1]][0];
    expect(header).toEqual(expect.arrayContaining([voice.columns[0].header({}, en), 'Call status', 'Call status (label)', 'Duration (s)']));
    expect(aboutOf(sheets['说明']).表头).toBe('列名使用英文');
    expect(sheets['汇总'][0][0]).toBe(`${voice.endpoint.title({}, zh)}：汇总`);
  });

  it('a CSV follows the choice: the zone after each time header, none after a field name', async () => {
    setCurrentLocale('zh-CN');
    const dir = scratchDir();
    const times = voice.columns.filter((column) => column.kind === 'time');
    expect(times.length).toBeGreaterThan(0);
    const headerOf = async (headers: VoiceExport['headers']): Promise<string[]> => {
      const path = join(dir, `${headers}.csv`);
      expect((await runExport(options(path, { format: 'csv', headers }))).ok).toBe(true);
      return parseCsv(readFileSync(path, 'utf8').slice(1)).rows[0];
    };
    expect(await headerOf('interface')).toEqual(expect.arrayContaining(times.map((column) => `${column.header({}, zh)}（Asia/Shanghai）`)));
    expect(await headerOf('english')).toEqual(expect.arrayContaining(times.map((column) => `${column.header({}, en)} (Asia/Shanghai)`)));
    expect(await headerOf('fields')).toEqual(expect.arrayContaining(times.map((column) => column.key)));
  });

  it('English stays as it was, and the About sheet names the header choice', async () => {
    const { names, sheets } = await exported();
    expect(names).toEqual(['Summary', 'Voice records', 'About']);
    expect(sheets.About[0]).toEqual(['About this export', 'Value']);
    expect(aboutOf(sheets.About)).toMatchObject({ Operation: 'Voice records', Headers: "The columns' names in the interface language" });
    expect(sheets['Voice records'][0]).toContain('Duration (s)');
    expect(sheets.Summary[0][0]).toBe('Voice records: summary');
  });
});
