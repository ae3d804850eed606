/**
 * A list operation is one descriptor: a fake eighth one, served by a stub platform,
 * goes through fetch-all, the export job and `switchboard export` without any other
 * change, its filters parsed once where they enter and never again per page, and takes a
 * sidebar shortcut of its own without moving any other screen's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { createExportCommand } from '../../../src/main/cli/export-command';
import { runExport } from '../../../src/main/export/export-job';
import { checkFetchAll, fetchAll } from '../../../src/main/jobs/fetch-all';
import { createLogger } from '../../../src/main/log';
import { readWorkbook } from '../export/support';
import { type Column, id, text } from '../../../src/shared/columns';
import { readText } from '../../../src/shared/normalise';
import { checkPageQuery, LIST_DESCRIPTORS, type ListDescriptor, type SomeList } from '../../../src/shared/operations';
import { appForm, type AppDraft } from '../../../src/shared/operations/filter-values';
import type { ExtraFields } from '../../../src/shared/records';
import { checkAppParams } from '../../../src/shared/validation';
import { screensOf } from '../../../src/renderer/src/lib/screens';
import { NEW_ID, NEW_SHORTCUT, NEW_SLUG } from './new-list-name';

interface NumberGroup {
  groupId: string | null;
  name: string | null;
  extra: ExtraFields;
}

const columns: Column<NumberGroup>[] = [
  id('groupId', () => 'Group id', (row) => row.groupId),
  text('name', () => 'Group name', (row) => row.name),
];

const numberGroups: ListDescriptor<{ appId?: string }, NumberGroup, NumberGroup, AppDraft> = {
  id: NEW_ID,
  slug: NEW_SLUG,
  order: 65,
  group: 'Numbers',
  shortcut: NEW_SHORTCUT,
  blurb: () => 'Groups of purchased numbers.',
  endpoint: {
    id: NEW_ID,
    path: '/v3/number/group/queryPage',
    method: 'POST',
    write: false,
    errors: [-1, -22],
    title: () => 'Number groups',
  },
  paramKinds: { appId: 'text' },
  window: null,
  pageDefaults: null,
  // A spy: every run of the operation's parser calls it once.
  checkParams: vi.fn(checkAppParams),
  normalise: (raw) => ({ groupId: readText(raw.groupId), name: readText(raw.name), extra: {} }),
  fields: { groupId: { kind: 'text' }, name: { kind: 'text' } },
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: (record) => record,
  columns,
  rowId: (row) => row.groupId,
  rowTime: null,
  filter: appForm(() => 'Empty: number groups of every application.'),
};

const TOTAL = 250;
/** Leading zeros and a `+` must survive as text. */
const groupAt = (index: number) => ({ groupId: `00${index + 1}`, name: `+Group ${index + 1}` });

/** The stub platform: pages of number groups at the fake path; the body it was sent is remembered. */
function startStubPlatform(bodies: unknown[]): Promise<Server> {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text) as { current: number; size: number; params: unknown };
      bodies.push(body);
      const known = request.url === numberGroups.endpoint.path;
      const first = (body.current - 1) * body.size;
      const records = known
        ? Array.from({ length: Math.max(0, Math.min(body.size, TOTAL - first)) }, (_, i) =>
            groupAt(first + i),
          )
        : [];
      const answer = known
        ? {
            status: '0',
            reason: 'success',
            data: {
              total: TOTAL,
              size: body.size,
              current: body.current,
              pages: Math.ceil(TOTAL / body.size),
              records,
            },
          }
        : { status: '-22', reason: 'no such path' };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('an eighth list operation, added as one descriptor', () => {
  const bodies: unknown[] = [];
  let server: Server;
  let baseUrl: string;
  let client: PlatformClient;
  let dir: string;
  beforeAll(async () => {
    server = await startStubPlatform(bodies);
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = createClient({ baseUrl, apiKey: 'key', apiSecret: 'secret', retry: { maxAttempts: 1 } });
    dir = mkdtempSync(join(tmpdir(), 'eighth-'));
  });
  afterAll(async () => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => server.close(resolve));
  });

  const parserRuns = (): number => vi.mocked(numberGroups.checkParams).mock.calls.length;
  beforeEach(() => {
    vi.mocked(numberGroups.checkParams).mockClear();
  });

  it('is fetched whole by fetch-all, each row once, in order, its filters parsed once for three pages', async () => {
    const ids: (string | null)[] = [];
    const sent = bodies.length;
    const query = checkFetchAll(numberGroups, { appId: 'app-1' }, { pageSize: 100 });
    if (!query.ok) throw new Error(query.error.message);
    const result = await fetchAll(client, numberGroups, query.value, {
      concurrency: 3,
      onRows: (rows) => void ids.push(...rows.map((row) => row.groupId)),
    });
    expect(result).toMatchObject({ ok: true, value: { rows: TOTAL, pages: 3, drift: [] } });
    expect(ids).toEqual(Array.from({ length: TOTAL }, (_, i) => groupAt(i).groupId));
    expect(bodies.slice(sent)).toHaveLength(3);
    expect(bodies.slice(sent).every((body) => JSON.stringify((body as { params: unknown }).params) === '{"appId":"app-1"}')).toBe(true);
    expect(parserRuns()).toBe(1);
  });

  it('refuses a filter it does not declare where the request enters, for one page or all of them', () => {
    const sent = bodies.length;
    const refusal = {
      ok: false,
      error: {
        code: 'validation',
        fields: { 'params.colour': expect.stringContaining('Number groups has no filter "colour": use appId') },
      },
    };
    expect(checkPageQuery(numberGroups, { current: 1, size: 10, params: { colour: 'red' } })).toMatchObject(refusal);
    expect(checkFetchAll(numberGroups, { appId: 'a', colour: 'red' }, {})).toMatchObject(refusal);
    expect(bodies.length).toBe(sent);
  });

  it('is exported by the export job with its own columns and title', async () => {
    const path = join(dir, 'groups.csv');
    const query = checkFetchAll(numberGroups, {}, {});
    if (!query.ok) throw new Error(query.error.message);
    const result = await runExport({
      client,
      list: numberGroups,
      selection: { scope: 'all', query: query.value },
      format: 'csv',
      path,
      timeZone: 'UTC',
      about: { profileName: 'Stub', appVersion: '0.0.0' },
    });
    expect(result).toMatchObject({ ok: true, value: { rows: TOTAL } });
    const lines = readFileSync(path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('"Group id","Group name"');
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines[1]).toBe('"001","\'+Group 1"');
    expect(parserRuns()).toBe(1);
  });

  it('is exported by `switchboard export` under its slug, with its filters', async () => {
    const err: string[] = [];
    const io = { out: () => {}, err: (line: string) => void err.push(line) };
    const command = createExportCommand({
      env: { SWITCHBOARD_API_KEY: 'key', SWITCHBOARD_API_SECRET: 'secret' },
      log: createLogger({ console: false }),
      progressIntervalMs: 0,
      lists: [...LIST_DESCRIPTORS, numberGroups],
    });
    const out = join(dir, 'cli.xlsx');
    const before = bodies.length;
    const code = await command.run(
      [NEW_SLUG, '--base-url', baseUrl, '--param', 'appId=app-2', '--time-zone', 'UTC', '--out', out],
      io,
    );
    // --time-zone is the zone written; offset-less times are still read in the platform zone, and the line says both.
    expect(err.at(-1)).toMatch(
      new RegExp(`^Exported 250 ${NEW_SLUG} rows to .*; times are in UTC \\(the platform's times without an offset were read in \\+08:00\\)\\.$`),
    );
    expect(code).toBe(0);
    expect(bodies.at(-1)).toMatchObject({ params: { appId: 'app-2' } });
    // Three pages of 100, the filters parsed once where the command line entered.
    expect(bodies.length - before).toBe(3);
    expect(parserRuns()).toBe(1);
    const { names, sheets } = readWorkbook(out);
    expect(sheets[names[0]]).toHaveLength(TOTAL + 1);
    expect(sheets[names[0]][0]).toEqual(['Group id', 'Group name']);
    await expect(
      command.run([NEW_SLUG, '--base-url', baseUrl, '--param', 'colour=red', '--out', out], io),
    ).rejects.toThrow(`${NEW_SLUG} has no filter "colour": use appId.`);
  });
});

describe('an eighth list in the sidebar', () => {
  const shortcutsOf = (lists: readonly SomeList[]): Map<string, string | null> =>
    new Map(screensOf(lists).map((screen) => [screen.id, screen.shortcut]));
  const before = shortcutsOf(LIST_DESCRIPTORS);
  const withEighth = (list: SomeList): Map<string, string | null> => shortcutsOf([...LIST_DESCRIPTORS, list]);

  it('opens with the shortcut it declares, one no other screen has, and every other screen keeps its own', () => {
    const after = withEighth(numberGroups as SomeList);
    expect(after.get(NEW_SLUG)).toBe(NEW_SHORTCUT);
    expect([...before.values()]).not.toContain(NEW_SHORTCUT);
    for (const [screen, shortcut] of before) expect(after.get(screen), screen).toBe(shortcut);
  });

  it('moves no other screen\'s shortcut wherever it sits in the sidebar, or when it declares none', () => {
    const first = withEighth({ ...numberGroups, order: 1, group: 'Records' } as SomeList);
    const none = withEighth({ ...numberGroups, shortcut: null } as SomeList);
    expect(first.get(NEW_SLUG)).toBe(NEW_SHORTCUT);
    expect(none.get(NEW_SLUG)).toBeNull();
    for (const after of [first, none]) {
      for (const [screen, shortcut] of before) expect(after.get(screen), screen).toBe(shortcut);
    }
  });
});
