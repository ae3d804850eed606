import { afterEach, describe, expect, it } from 'vitest';
import { clientError, platformError } from '../../../src/shared/errors';
import { m, setCurrentLocale } from '../../../src/shared/i18n';
import { reword } from '../../../src/shared/i18n/reword';

afterEach(() => setCurrentLocale('en'));

describe('a message worded again in the language of the moment', () => {
  it('is the same message with the same inputs, from English to Chinese and back', () => {
    const english = platformError(-18, 'system error').message;
    const chinese = reword(english, 'zh-CN');
    expect(chinese).toBe(m.errors_platform_internal({}, { locale: 'zh-CN' }));
    expect(reword(chinese, 'en')).toBe(english);
    const crashed = m.export_crashed_sync();
    expect(reword(crashed, 'zh-CN')).toBe(m.export_crashed_sync({}, { locale: 'zh-CN' }));
    expect(reword(clientError('network').message, 'zh-CN')).toBe(m.errors_client_network({}, { locale: 'zh-CN' }));
  });

  it('keeps inputs that are data, and words again inputs that are messages themselves', () => {
    // The column's header is a message (通话时长 in Chinese); the numbers are data.
    const written = m.cli_archive_number_range_type({ column: 'Duration', min: '-9007199254740991', max: '9007199254740991' });
    expect(reword(written, 'zh-CN')).toBe(
      m.cli_archive_number_range_type({ column: reword('Duration', 'zh-CN'), min: '-9007199254740991', max: '9007199254740991' }, { locale: 'zh-CN' }),
    );
    expect(reword('Duration', 'zh-CN')).toBe('通话时长');
    // A name a user may have typed ("Night shift") is not a message: it stays.
    const named = m.export_daily_report_title({ title: 'Night shift', day: '2026-11-24' });
    expect(reword(named, 'zh-CN')).toBe(m.export_daily_report_title({ title: 'Night shift', day: '2026-11-24' }, { locale: 'zh-CN' }));
  });

  it('leaves a text the catalog did not word as it is', () => {
    expect(reword('ENOSPC: no space left on device', 'zh-CN')).toBe('ENOSPC: no space left on device');
    expect(reword('', 'zh-CN')).toBe('');
  });
});
