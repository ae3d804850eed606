import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import type { SeatGroupSettings } from '../../../src/shared/records';
import { diffValues, displaySetting, mismatchMessages, saveMismatches } from '../../../src/shared/seat-groups/diff';
import type { SeatGroupValues } from '../../../src/shared/seat-groups/values';

afterEach(() => setCurrentLocale('en'));

const before: SeatGroupValues = {
  callinStrategy: 1,
  timeoutTransferSec: 30,
  callinAutoAnswerSec: null,
  wrapUpTime: 20,
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  turnSeatRing: 'ring.wav',
  labelName: ['VIP', 'Retail'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
};

describe('seat group diff', () => {
  it('lists exactly the changed fields, old → new, with names people read', () => {
    const after = { ...before, callinStrategy: 4, labelName: ['VIP', 'Gold'] };
    expect(diffValues(before, after)).toEqual([
      {
        field: 'callinStrategy',
        label: 'Inbound strategy',
        old: 'allocate by idle time (1)',
        new: 'round-robin (4)',
        clears: false,
      },
      { field: 'labelName', label: 'Labels', old: 'VIP, Retail', new: 'VIP, Gold', clears: false },
    ]);
  });

  it('marks clears: an emptied number and an emptied label list', () => {
    const changes = diffValues(before, { ...before, timeoutIdle: null, labelName: [] });
    expect(changes.map((c) => [c.field, c.new, c.clears])).toEqual([
      ['timeoutIdle', 'not set', true],
      ['labelName', 'no labels', true],
    ]);
  });

  it('does not call setting an unset field a clear, and sees label order', () => {
    const changes = diffValues(before, { ...before, callinAutoAnswerSec: 4, labelName: ['Retail', 'VIP'] });
    expect(changes.map((c) => [c.field, c.clears])).toEqual([
      ['callinAutoAnswerSec', false],
      ['labelName', false],
    ]);
  });

  it('is empty for equal states', () => {
    expect(diffValues(before, { ...before, labelName: [...before.labelName] })).toEqual([]);
  });

  it('shows switches as on/off (0 is on), nodes by region and unknown values as such', () => {
    expect(displaySetting('displaySwitch', 0)).toBe('on');
    expect(displaySetting('encryptNumber', 1)).toBe('off');
    expect(displaySetting('fsNode', 'UAE_FS')).toBe('United Arab Emirates (UAE_FS)');
    expect(displaySetting('fsNode', 'MARS_FS')).toBe('unknown node (MARS_FS)');
    expect(displaySetting('callinStrategy', 9)).toBe('unknown strategy (9)');
    expect(displaySetting('turnSeatRing', null)).toBe('not set');
  });

  it('words mismatches between what was sent and what the server holds', () => {
    expect(mismatchMessages(before, { ...before, wrapUpTime: null })).toEqual([
      'Wrap-up time (seconds): sent 20, the server holds not set.',
    ]);
  });

  it("words a save's mismatches from what was sent and what was read back, in the language on show when asked", () => {
    const held = { voiceGroupId: 7, ...before, wrapUpTime: null } as unknown as SeatGroupSettings;
    expect(saveMismatches(before, held)).toEqual(['Wrap-up time (seconds): sent 20, the server holds not set.']);
    setCurrentLocale('zh-CN');
    expect(saveMismatches(before, held)[0]).toMatch(/：发送的是 20，服务器保存的是 /);
    expect(saveMismatches(before, null)).toEqual([]);
  });
});
