/**
 * Why the Overview's figures were not refreshed is sent as what happened and worded where
 * shown: worded in main, it stayed in the language of the Overview's load after a switch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { notRefreshedReason } from '../../../src/shared/reports/overview';
import { notRefreshedText } from '../../../src/renderer/src/lib/overview-text';
import { shownZoneOf } from '../../../src/shared/time-zone';

describe('an Overview not refreshed', () => {
  afterEach(() => setCurrentLocale('en'));

  it('says why in the language on show', () => {
    expect(notRefreshedReason({ reason: 'syncing', operation: 'voiceRecords' })).toBe(
      '“Voice records” is bringing these lists up to date already: these are the figures of what the archive holds now',
    );
    setCurrentLocale('zh-CN');
    expect(notRefreshedReason({ reason: 'syncing', operation: 'voiceRecords' })).toBe('“语音记录”正在更新这些列表：以下是存档当前所存数据的数字');
    expect(notRefreshedReason({ reason: 'syncing', operation: null })).toBe('“同步”正在更新这些列表：以下是存档当前所存数据的数字');
    expect(notRefreshedReason({ reason: 'cancelled' })).toBe('同步已取消');
    expect(notRefreshedReason({ reason: 'stopped', message: 'disk full' })).toBe('同步已停止：disk full');
    const coverage = { voice: { complete: true, lastSyncAt: null, syncedUntil: null }, numbers: { complete: true, lastSyncAt: null, syncedUntil: null } };
    expect(notRefreshedText({ coverage }, { reason: 'unreachable' }, shownZoneOf('UTC'))).toContain('无法连接平台');
  });
});
