/**
 * A status-bar notice main sent with its data is worded in the language on show: worded in
 * main only, a clock correction or a held prune stayed in the language it was told in after
 * a switch, until dismissed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { m, setCurrentLocale } from '../../../src/shared/i18n';
import { worded } from '../../../src/shared/i18n/said';
import { shownZoneOf } from '../../../src/shared/time-zone';
import { noticeText } from '../../../src/renderer/src/lib/notice-text';

const zoneOf = (): ReturnType<typeof shownZoneOf> => shownZoneOf('Asia/Shanghai');

describe('a notice', () => {
  afterEach(() => setCurrentLocale('en'));

  it('of a clock correction follows the language', () => {
    const notice = { kind: 'clock-offset' as const, offsetSeconds: 65 * 60, message: "Your computer's clock is off by 1 hour 5 minutes (behind the server)." };
    setCurrentLocale('zh-CN');
    expect(noticeText(notice, zoneOf)).toBe('本机时钟比服务器慢 1 小时 5 分钟。Switchboard 会为请求自动校正；请调准系统时钟以彻底解决。');
  });

  it('of a held prune follows the language, the sandbox named in it too', () => {
    const heldPrune = { profileId: 'sandbox', profileName: 'Sandbox (demo)', operation: 'voiceRecords' as const, wouldRemove: 20000, rows: 30000, cutoffMs: Date.UTC(2026, 9, 6, 2, 42) };
    const notice = { kind: 'archive' as const, message: 'Retention would remove …, in the archive of Sandbox (demo).', heldPrune };
    expect(noticeText(notice, zoneOf)).toBe('Retention would remove 20,000 of 30,000 voice records (older than 2026-10-06 10:42), in the archive of Sandbox (demo).');
    setCurrentLocale('zh-CN');
    expect(noticeText(notice, zoneOf)).toBe('保留期限将删除 30,000 条语音记录中的 20,000 条（早于 2026-10-06 10:42），位于 沙盒（演示） 的存档中。');
    expect(noticeText({ ...notice, heldPrune: { ...heldPrune, profileId: 'p1', profileName: 'Shanghai' } }, zoneOf)).toContain('位于 Shanghai 的存档中');
  });

  it("of a failed archive write, or of the app's events cut off, follows the language", () => {
    const writeFailed = { kind: 'archive' as const, ...worded({ key: 'cli_archive_write_failed' }) };
    const interrupted = { kind: 'events-interrupted' as const, ...worded({ key: 'errors_events_interrupted' }) };
    setCurrentLocale('zh-CN');
    expect(noticeText(writeFailed, zoneOf)).toBe(m.cli_archive_write_failed());
    expect(noticeText(interrupted, zoneOf)).toBe(m.errors_events_interrupted());
    expect(noticeText(writeFailed, zoneOf)).not.toBe(writeFailed.message);
  });

  it('without data stays as main worded it', () => {
    setCurrentLocale('zh-CN');
    expect(noticeText({ kind: 'archive', message: 'The archive is busy.' }, zoneOf)).toBe('The archive is busy.');
  });
});
