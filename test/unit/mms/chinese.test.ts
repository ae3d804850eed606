/**
 * MMS and seat-group texts follow the process's language: main's messages, the validation
 * the client and the form share, the worker that reads recipient files. English unchanged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { checkComposer } from '../../../src/shared/mms/composer';
import { cleanRecipientText } from '../../../src/shared/mms/recipients';
import { batchStatusLabel, OUTCOME_LABELS } from '../../../src/shared/mms/records';
import { REJECT_REASON_LABELS } from '../../../src/shared/mms/reject-reasons';
import { repeatSentence } from '../../../src/shared/mms/repeats';
import { buildResultRows } from '../../../src/shared/mms/results';
import { diffValues, mismatchMessages } from '../../../src/shared/seat-groups/diff';
import { labelRefusal } from '../../../src/shared/seat-groups/draft';
import { SEAT_GROUP_FIELD_LABELS, type SeatGroupValues } from '../../../src/shared/seat-groups/values';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { validateMmsSend, validateSeatGroupEdit } from '../../../src/shared/validation';
import { importRecipientFile } from '../../../src/main/mms/recipient-import';

const zone = parseTimeZone('UTC') as TimeZone;
const draft = { appId: 'app', content: 'Hello', mmsType: '1' as const, mmsTitle: '', mmsFiles: '' };
const values: SeatGroupValues = {
  callinStrategy: 1,
  timeoutTransferSec: 20,
  callinAutoAnswerSec: null,
  wrapUpTime: 5,
  timeoutIdle: 3,
  timeoutWaitSec: 60,
  turnSeatRing: null,
  labelName: ['vip'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
};

afterEach(() => setCurrentLocale('en'));

describe('MMS texts in Chinese', () => {
  it('validation and the composer speak the chosen language, English as before', () => {
    const request = { appId: ' ', numbers: '123', content: '', mmsType: '3' } as never;
    expect(validateMmsSend(request)).toMatchObject({
      ok: false,
      error: { fields: { appId: 'Enter the application id.', content: 'Enter the message content.' } },
    });
    setCurrentLocale('zh-CN');
    const fields = (validateMmsSend(request) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.appId).toBe('请输入应用 ID。');
    expect(fields.numbers).toContain('第 1 个收件人');
    expect(fields.mmsType).toContain('彩信类型');
    expect(checkComposer(draft, cleanRecipientText('abc')).fields.numbers).toBe('1 个条目中没有有效号码：请查看被剔除的条目列表。');
  });

  it('labels of statuses, outcomes, reasons and results are read when shown', () => {
    setCurrentLocale('zh-CN');
    expect(batchStatusLabel({ status: 'sent', elsewhere: false, everUnknown: false })).toBe('已发送');
    expect(OUTCOME_LABELS.accepted()).toBe('已受理');
    expect(OUTCOME_LABELS.accepted({}, { locale: 'en' })).toBe('Accepted');
    expect(REJECT_REASON_LABELS.duplicate()).toBe('重复');
    const rows = buildResultRows([{ batch: 1, numbers: ['123456'], status: 'outcome-unknown', accepted: null, messages: [], error: null }]);
    expect(rows[0].detail).toBe('结果未知：重发前请先到平台核实。');
    const at = Date.UTC(2026, 10, 22, 10, 42);
    expect(repeatSentence({ sendId: 's', at, numbers: ['1', '2'], accepted: 2 }, zone)).toBe('其中 2 个号码已于 2026-11-22 10:42 收到此消息。');
    setCurrentLocale('en');
    expect(repeatSentence({ sendId: 's', at, numbers: ['1'], accepted: 1 }, zone)).toBe('One of these numbers got this message at 2026-11-22 10:42.');
  });

  it('the recipients file worker answers in the language of the process that started it', async () => {
    setCurrentLocale('zh-CN');
    const result = await importRecipientFile('list.xlsx', new TextEncoder().encode('just some text'));
    expect(result).toMatchObject({ ok: false, error: { message: '这不是 .xlsx 工作簿（不是 zip 文件）。请另存为 .xlsx 或 .csv 后重试。' } });
    const table = await importRecipientFile('list.csv', new TextEncoder().encode('123456,234567\n345678,456789'));
    expect(table.ok && table.value.columns.map((column) => column.name)).toEqual(['A 列', 'B 列']);
  });
});

describe('seat-group texts in Chinese', () => {
  it('setting names, values, the diff and the refusals follow the language', () => {
    const after = { ...values, callinStrategy: 4, displaySwitch: 1, labelName: [] };
    expect(diffValues(values, after).map((change) => `${change.label}: ${change.old} → ${change.new}`)).toEqual([
      'Inbound strategy: allocate by idle time (1) → round-robin (4)',
      'Labels: vip → no labels',
      'Recordings in the call log: on → off',
    ]);
    setCurrentLocale('zh-CN');
    expect(SEAT_GROUP_FIELD_LABELS.fsNode()).toBe('节点');
    expect(diffValues(values, after).map((change) => `${change.label}: ${change.old} → ${change.new}`)).toEqual([
      '呼入策略: 按空闲时长分配（1） → 轮询（4）',
      '标签: vip → 无标签',
      '通话记录中显示录音: 开启 → 关闭',
    ]);
    expect(mismatchMessages(values, { ...values, fsNode: 'USA_FS' })).toEqual(['节点：发送的是 新加坡（SG_FS），服务器保存的是 美国（USA_FS）。']);
    expect(labelRefusal(['vip'], 'vip')).toBe('“vip”已在列表中：标签名称不能重复。');
    const checked = validateSeatGroupEdit({ voiceGroupId: '0', displaySwitch: 2, encryptNumber: 0, timeoutIdle: -1 } as never);
    expect(checked).toMatchObject({ ok: false, error: { fields: { voiceGroupId: '请输入坐席组 ID（不小于 1 的整数）。', timeoutIdle: '请输入次数（不小于 0 的整数），或留空以清除。' } } });
  });
});
