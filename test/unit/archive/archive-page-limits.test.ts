/** Archive pages refuse what they cannot answer with a validation error naming the column, never "internal". */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchivePage } from '../../../src/shared/methods/archive';
import type { JobInfo } from '../../../src/shared/methods/jobs';
import { listOf } from '../../../src/shared/operations';
import type { TeamLeaderRow } from '../../../src/shared/records';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { startTestServices, valueOf } from '../support/services';

const PLUS8 = parseTimeZone('+08:00') as TimeZone;

const header = (field: string): string => listOf('voiceRecords').columns.find((column) => column.key === field)?.header() ?? field;

describe('archive page limits', () => {
  const { services, jobChanges, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'archive-limits-')) });
  afterAll(() => services.close());
  beforeAll(async () => {
    const { job } = valueOf(await call<{ job: JobInfo }>('startSync', { operations: ['teamLeaders'] }));
    const ended = () => jobChanges.find((change) => change.jobId === job.jobId && change.state !== 'running');
    for (let waited = 0; !ended() && waited < 60_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    if (ended()?.state !== 'completed') throw new Error('the team leaders did not sync');
  }, 90_000);

  const window = { strTime: formatIsoInZone(Math.floor(Date.now() / 1000) * 1000 - 86_400_000, PLUS8), endTime: formatIsoInZone(Math.floor(Date.now() / 1000) * 1000, PLUS8) };
  const voicePage = (more: object) => call('archivePage', { operation: 'voiceRecords', params: window, offset: 0, limit: 10, ...more });
  const refusal = (field: string, message: RegExp) => ({ ok: false, error: { code: 'validation', message: expect.stringMatching(message), fields: { [field]: expect.any(String) } } });

  it('a search or a column filter longer than 200 characters, or more than 50 column filters or filters from the Overview', async () => {
    expect(await voicePage({ search: 'x'.repeat(201) })).toMatchObject(refusal('search', /at most 200 characters/));
    expect(await voicePage({ contains: [{ field: 'callee', text: '1'.repeat(201) }] })).toMatchObject(refusal('callee', /at most 200 characters/));
    const many = Array.from({ length: 51 }, () => ({ field: 'callee', text: '1' }));
    expect(await voicePage({ contains: many })).toMatchObject(refusal('contains', /At most 50 column filters/));
    expect(await voicePage({ search: 'x'.repeat(200), contains: many.slice(0, 50) })).toMatchObject({ ok: true });
    // The filters an Overview bucket brought are named as such, not as column filters.
    const equals = Array.from({ length: 51 }, () => ({ field: 'callee', value: '1' }));
    expect(await voicePage({ equals })).toMatchObject(refusal('equals', /^At most 50 filters from the Overview/));
    expect(await voicePage({ equals: equals.slice(0, 50), contains: many.slice(0, 50) })).toMatchObject({ ok: true });
    // A seat group's words (written into an export's About sheet) are bounded as a filter's text is.
    const seatGroup = (groupName: string) => ({ voiceGroupId: '10', groupName, toldById: false });
    expect(await voicePage({ seatGroup: seatGroup('S'.repeat(201)) })).toMatchObject(refusal('seatGroup', /at most 200 characters/));
    expect(await voicePage({ seatGroup: seatGroup('Sales') })).toMatchObject({ ok: true });
  });

  it('a window that cannot be read, or ends before it starts, names its field as the period fields are named', async () => {
    const page = (params: object, more: object = {}) => call('archivePage', { operation: 'voiceRecords', params, offset: 0, limit: 10, ...more });
    const only = (field: string, message: RegExp) => ({ ok: false, error: { code: 'validation', message: expect.stringMatching(message), fields: { [field]: expect.stringMatching(message) } } });
    expect(await page({ ...window, strTime: 'NaN' })).toMatchObject(only('params.strTime', /"NaN" is not a valid time/));
    expect(await page({ ...window, endTime: 'tomorrow' })).toMatchObject(only('params.endTime', /"tomorrow" is not a valid time/));
    expect(await page({ strTime: window.endTime, endTime: window.strTime })).toMatchObject(only('params.endTime', /^The end must be after the start/));
    const missing = await page({});
    expect(missing.ok ? null : Object.keys(missing.error.fields ?? {}).sort()).toEqual(['params.endTime', 'params.strTime']);
    for (const result of [await page({ ...window, strTime: 'NaN' }), missing]) expect(result.ok ? null : result.error.message).not.toMatch(/params\./);
    // An hour of the day over a window longer than the calendar counts: the end to move, as a list's period field names it.
    const longAgo = { strTime: '2000-01-01T00:00:00+08:00', endTime: window.endTime };
    const hour = await page(longAgo, { hourOfDay: 3 });
    expect(hour.ok ? null : Object.keys(hour.error.fields ?? {})).toEqual(['params.endTime']);
  });

  it('a column the list does not have, a parameter the archive cannot read, or an hour without a window names the part to change', async () => {
    const named = async (request: Promise<unknown>): Promise<string[] | null> => {
      const result = (await request) as { ok: boolean; error?: { code: string; fields?: Record<string, string> } };
      return result.ok || result.error?.code !== 'validation' ? null : Object.keys(result.error.fields ?? {});
    };
    expect(await named(voicePage({ sort: { field: 'nope', descending: false } }))).toEqual(['sort']);
    expect(await named(voicePage({ equals: [{ field: 'nope', value: 1 }] }))).toEqual(['equals']);
    expect(await named(voicePage({ contains: [{ field: 'nope', text: 'x' }] }))).toEqual(['contains']);
    expect(await named(call('archivePage', { operation: 'voiceRecords', params: { ...window, callee: '1', appId: 'a' }, offset: 0, limit: 10 }))).toEqual(['params.callee', 'params.appId']);
    expect(await named(call('archivePage', { operation: 'seats', params: { status: 1 }, offset: 0, limit: 10 }))).toEqual(['params.status']);
    expect(await named(call('archivePage', { operation: 'seats', params: {}, offset: 0, limit: 10, hourOfDay: 3 }))).toEqual(['hourOfDay']);
  });

  it('a sync of a task list without a task names the task', async () => {
    const refused = await call('startSync', { operations: ['taskDetails'] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation', fields: { taskId: expect.stringMatching(/task/) } } });
  });

  it('a number filter beyond what the engine holds exactly names its column', async () => {
    const huge = await voicePage({ contains: [{ field: 'callDuration', text: '99999999999999999999999' }] });
    expect(huge).toMatchObject(refusal('callDuration', new RegExp(`^${header('callDuration')} holds numbers from`)));
    // A comparison or a range binds its numbers too: refused at the column, never "bigint out of int64 range" (internal).
    for (const text of ['>= 99999999999999999999999', '1-99999999999999999999999', '< -99999999999999999999999']) {
      expect(await voicePage({ contains: [{ field: 'callDuration', text }] }), text).toMatchObject(refusal('callDuration', /holds numbers from/));
    }
    expect(await voicePage({ contains: [{ field: 'cost', text: '> 99999999999999999999999' }] })).toMatchObject(refusal('cost', /holds numbers from/));
    expect(await voicePage({ contains: [{ field: 'callDuration', text: '>= 9007199254740991' }] })).toMatchObject({ ok: true });
    const equal = await voicePage({ equals: [{ field: 'callDuration', value: 1e30 }] });
    expect(equal).toMatchObject(refusal('callDuration', /holds numbers from/));
  });

  it('an equal-value filter on a list column is refused; a text filter matches the items as the table shows them, not a printed form', async () => {
    const leaderPage = (more: object) => call<ArchivePage<TeamLeaderRow>>('archivePage', { operation: 'teamLeaders', params: {}, offset: 0, limit: 1000, ...more });
    expect(await leaderPage({ equals: [{ field: 'voiceGroupIdList', value: 'g1' }] })).toMatchObject(refusal('voiceGroupIdList', /holds a list/));
    const all = valueOf(await leaderPage({}));
    expect(all.rows.some((row) => row.voiceGroupIdList.length > 0)).toBe(true);
    expect(valueOf(await leaderPage({ contains: [{ field: 'voiceGroupIdList', text: '[' }] })).total).toBe(0);
    // The table joins the items with ", ": that is what the filter sees.
    const several = all.rows.filter((row) => row.voiceGroupIdList.length > 1).length;
    expect(valueOf(await leaderPage({ contains: [{ field: 'voiceGroupIdList', text: ', ' }] })).total).toBe(several);
    const item = all.rows.flatMap((row) => row.voiceGroupIdList)[0] ?? '';
    const matching = valueOf(await leaderPage({ contains: [{ field: 'voiceGroupIdList', text: item }] }));
    expect(matching.total).toBe(all.rows.filter((row) => row.voiceGroupIdList.some((id) => id.toLowerCase().includes(item.toLowerCase()))).length);
    expect(matching.total).toBeGreaterThan(0);
  });
});
