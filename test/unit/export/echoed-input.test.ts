/** An error repeats at most 120 characters of what the caller sent, however long the input. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramsFromArgs } from '../../../src/main/cli/export-command';
import { shownChoice } from '../../../src/main/cli/shown-options';
import { columnsOf } from '../../../src/main/export/export-columns';
import { listOf } from '../../../src/shared/operations';
import { ECHO_MAX_CHARS, echoInput } from '../../../src/shared/echo';
import type { Result } from '../../../src/shared/result';
import { startTestServices, type TestServices } from '../support/services';

const MB = 1024 * 1024;
const HUGE = 'A'.repeat(MB);
const ECHOED = `${'A'.repeat(ECHO_MAX_CHARS)}…`;

/** Everything the error says, as one text. */
function said(result: Result<unknown>): string {
  if (result.ok) throw new Error('expected a refusal');
  return JSON.stringify(result.error);
}

describe('echoInput', () => {
  it('keeps short input as it is and cuts long input to 120 characters with an ellipsis', () => {
    expect(echoInput('voiceId')).toBe('voiceId');
    expect(echoInput('x'.repeat(120))).toBe('x'.repeat(120));
    expect(echoInput('x'.repeat(121))).toBe(`${'x'.repeat(120)}…`);
    expect(echoInput(HUGE)).toBe(ECHOED);
  });

  it('never halves an emoji, and shows control characters and broken characters as �', () => {
    expect(echoInput(`${'x'.repeat(119)}😀😀`)).toBe(`${'x'.repeat(119)}😀…`);
    expect(echoInput('a\u0000b\uD800c\nd')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
  });
});

describe('errors naming what the caller sent', () => {
  let test: TestServices;

  beforeAll(() => {
    test = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'echoed-input-')) });
  });
  afterAll(async () => {
    await test.services.close();
  });

  it('an export of a column the list does not have names it cut short', async () => {
    const result = await test.call('startExport', { operation: 'seats', params: {}, format: 'csv', scope: 'all', columns: [HUGE] });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', message: `Seats has no column "${ECHOED}" to export: choose the columns again.` } });
    expect(said(result).length).toBeLessThan(500);
    const direct = columnsOf('voiceRecords', [HUGE]);
    expect(direct.ok ? '' : direct.error.message).toBe(`Voice records has no column "${ECHOED}" to export: choose the columns again.`);
  });

  it('a link that is not https is not repeated whole', async () => {
    const result = await test.call('openExternal', { url: `javascript:${HUGE}` });
    expect(result).toMatchObject({ ok: false, error: { code: 'unsafe-link' } });
    if (!result.ok) expect(result.error.detail).toBe(`javascript:${'A'.repeat(ECHO_MAX_CHARS - 'javascript:'.length)}…`);
  });

  it('a filter, a request field or an operation that does not exist is named cut short', async () => {
    const filter = await test.call('queryPage', { operation: 'seats', current: 1, size: 10, params: { [HUGE]: 1 } });
    expect(filter.ok ? '' : filter.error.message).toContain(`Seats has no filter "${ECHOED}"`);
    expect(said(filter).length).toBeLessThan(1000);
    const field = await test.call('openExternal', { url: 'https://example.com', [HUGE]: 1 });
    expect(field).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(said(field).length).toBeLessThan(500);
    const method = await test.call(HUGE);
    expect(method).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    expect(method.ok ? '' : method.error.message).toBe(`There is no operation named "${ECHOED}".`);
    expect(said(method).length).toBeLessThan(500);
  });
});

describe('the command line', () => {
  it('names an unknown --param or --columns key cut short', () => {
    const seats = listOf('seats');
    expect(() => paramsFromArgs(seats, { param: [`${HUGE}=1`] }, null)).toThrow(`seats has no filter "${ECHOED}"`);
    expect(() => shownChoice(seats, { columns: HUGE })).toThrow(`seats has no column "${ECHOED}"`);
  });
});
