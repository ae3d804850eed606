import { afterEach, describe, expect, it } from 'vitest';
import { clockOffsetNotice } from '../../../src/shared/errors';
import { clientError, errorText, platformError } from '../../../src/shared/errors';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { listFiltersShape } from '../../../src/shared/list-query';
import { object, integer, RequestShapeError } from '../../../src/shared/parse';
import { validateProfileDraft } from '../../../src/shared/profiles';
import { checkPaging, refusal } from '../../../src/shared/validation';

const draft = { name: '', baseUrl: 'http://example.com', apiKey: 'k', defaultAppId: '', timeZone: 'Nowhere/City', pageSize: 25 };

function shapeMessage(input: unknown): string {
  try {
    object({ size: integer })(input);
  } catch (error) {
    if (error instanceof RequestShapeError) return error.message;
    throw error;
  }
  return '';
}

function thrownBy(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RequestShapeError) return error.message;
    throw error;
  }
  return '';
}

describe('errors and validation in the interface language', () => {
  afterEach(() => setCurrentLocale('en'));

  it('gives a platform error and a client error in Chinese, codes and the server reason untouched', () => {
    setCurrentLocale('zh-CN');
    expect(platformError(-1, 'account authentication error')).toEqual({
      code: 'platform:-1',
      message: 'API 密钥或密钥口令错误。请在“账户”中检查。',
      said: { key: 'errors_platform_auth' },
      detail: 'account authentication error',
    });
    expect(platformError(-99, null).message).toBe('平台拒绝了请求（状态 -99）。原因见下方。');
    expect(clientError('network')).toEqual({ code: 'network', message: '无法连接到平台。请检查网络连接以及“账户”中的接口地址。', said: { key: 'errors_client_network' } });
    // Worded again in the language on show: an error made before a switch follows it.
    const madeInChinese = platformError(-1, null);
    setCurrentLocale('en');
    expect(errorText(madeInChinese)).toBe('The API key or secret is wrong. Check them in Accounts.');
    setCurrentLocale('zh-CN');
  });

  it('gives field messages and their summary in Chinese, keyed by the same field paths', () => {
    setCurrentLocale('zh-CN');
    const fields: Record<string, string> = {};
    checkPaging(0, 500, fields);
    expect(fields).toEqual({ current: '请输入不小于 1 的页码。', size: '请输入 1 到 100 之间的每页条数。' });
    expect(refusal({ current: fields.current }).error.message).toBe('请修正 current：请输入不小于 1 的页码。');
    const profile = validateProfileDraft(draft, { creating: true });
    expect(profile).toEqual({
      name: '请为配置命名。',
      baseUrl: '请使用 https:// 地址（仅 127.0.0.1 或 localhost 允许使用 http）。',
      apiSecret: '请输入平台控制台中的 API 密钥口令。',
      timeZone: '“Nowhere/City”不是时区名称：请使用 Asia/Shanghai、America/New_York 这样的名称，或 -12:00 到 +14:00 之间的时差，例如 +08:00。',
    });
    expect(shapeMessage({ size: 'x' })).toBe('size：应为整数');
    expect(thrownBy(() => listFiltersShape.hourOfDay(24, 'hourOfDay'))).toBe('hourOfDay：应为0 到 23 之间的小时数');
    expect(thrownBy(() => listFiltersShape.equals([{ field: 'x', value: true }], 'equals'))).toBe('equals[0].value：应为文本、数字或 null');
    expect(clockOffsetNotice(65 * 60)).toBe('本机时钟比服务器慢 1 小时 5 分钟。Switchboard 会为请求自动校正；请调准系统时钟以彻底解决。');
  });

  it('keeps the English texts exactly as they were', () => {
    setCurrentLocale('zh-CN');
    setCurrentLocale('en');
    expect(platformError(-1, null).message).toBe('The API key or secret is wrong. Check them in Accounts.');
    expect(platformError(-99, null).message).toBe('The platform refused the request (status -99). See the reason below.');
    const fields: Record<string, string> = {};
    checkPaging(0, 500, fields);
    expect(fields).toEqual({ current: 'Enter a page number of 1 or more.', size: 'Enter a page size from 1 to 100.' });
    expect(refusal(fields).error.message).toBe('Fix 2 fields before sending: current, size.');
    expect(validateProfileDraft(draft, { creating: true }).name).toBe('Give the profile a name.');
    expect(shapeMessage({ size: 'x' })).toBe('size: expected a whole number');
    expect(shapeMessage([])).toBe('request: expected an object');
    expect(thrownBy(() => listFiltersShape.hourOfDay(24, 'hourOfDay'))).toBe('hourOfDay: expected an hour from 0 to 23');
    expect(clockOffsetNotice(-60)).toBe(
      "Your computer's clock is off by 1 minute (ahead of the server). Switchboard corrects its requests for this; set the system clock right to fix it for good.",
    );
    expect(clockOffsetNotice(2 * 3600)).toContain('off by 2 hours (behind the server)');
  });
});
