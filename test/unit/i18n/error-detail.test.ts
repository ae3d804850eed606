import { afterEach, describe, expect, it } from 'vitest';
import { detailLine } from '../../../src/shared/error-detail';
import { clientError, platformError } from '../../../src/shared/errors';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { withReason } from '../../../src/shared/seat-groups/errors';

describe("an error's detail", () => {
  afterEach(() => setCurrentLocale('en'));

  it("is the server's words for a platform status and for a page the server sent", () => {
    expect(detailLine(platformError(-18, 'system error'))).toBe('Server said: “system error”');
    expect(detailLine(clientError('http-5xx', undefined, 'Page title: “Bad gateway”'))).toBe('Server said: “Page title: “Bad gateway””');
    expect(detailLine(platformError(-18, 'system error'), 'terminal')).toBe('Server said: system error');
  });

  it("is the app's when the disk, a file or the network failed, in both languages", () => {
    const disk = { code: 'file-error', message: 'The file was not written.', detail: 'ENOSPC: no space left on device (/reports/a.xlsx)' };
    expect(detailLine(disk)).toBe('Details: ENOSPC: no space left on device (/reports/a.xlsx)');
    expect(detailLine(clientError('network', undefined, 'ECONNREFUSED'), 'terminal')).toBe('Details: ECONNREFUSED');
    setCurrentLocale('zh-CN');
    expect(detailLine(disk)).toBe('详情：ENOSPC: no space left on device (/reports/a.xlsx)');
    expect(detailLine(platformError(-18, 'system error'))).toBe('服务器返回：“system error”');
  });

  it('is nothing when there is none, and a seat-group field line says whose words follow', () => {
    expect(detailLine({ code: 'platform:-18' })).toBeNull();
    expect(detailLine({ code: 'file-error', detail: '' })).toBeNull();
    expect(withReason({ code: 'bad-request', message: 'The request was not understood.', detail: 'body.id' })).toBe('The request was not understood. Details: body.id');
    expect(withReason({ code: 'platform:-22', message: 'A parameter was refused.', detail: 'timeoutIdle' })).toBe('A parameter was refused. Server said: “timeoutIdle”');
  });
});
