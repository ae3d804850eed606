import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import { RequestShapeError } from '../../../src/shared/parse';

const expected = {
  callinStrategy: 1,
  timeoutTransferSec: null,
  callinAutoAnswerSec: 5,
  wrapUpTime: null,
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  turnSeatRing: null,
  labelName: ['VIP'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
};

describe('seat group methods over the bridge', () => {
  it('keeps the nulls that clear settings on purpose', () => {
    const next = { voiceGroupId: 101, timeoutIdle: null, labelName: [], displaySwitch: 0, encryptNumber: 1 };
    const parsed = contract.saveSeatGroup.parse({ expected, next, overwrite: false });
    expect(parsed.next).toEqual(next);
    expect(Object.hasOwn(parsed.next, 'timeoutIdle')).toBe(true);
    expect(parsed.expected).toEqual(expected);
  });

  it('refuses an unknown field, an unknown node and a missing expected value', () => {
    const next = { voiceGroupId: 101, displaySwitch: 0, encryptNumber: 1 };
    expect(() => contract.saveSeatGroup.parse({ expected, next: { ...next, timeoutIdel: 3 }, overwrite: false })).toThrow(
      RequestShapeError,
    );
    expect(() => contract.saveSeatGroup.parse({ expected, next: { ...next, fsNode: 'MARS' }, overwrite: false })).toThrow(
      RequestShapeError,
    );
    const { timeoutIdle: _left, ...partial } = expected;
    expect(() => contract.saveSeatGroup.parse({ expected: partial, next, overwrite: false })).toThrow(RequestShapeError);
  });

  it('takes a group id as a number or as text', () => {
    expect(contract.readSeatGroup.parse({ voiceGroupId: '101' })).toEqual({ voiceGroupId: '101' });
    expect(contract.readSeatGroup.parse({ voiceGroupId: 101 })).toEqual({ voiceGroupId: 101 });
    expect(() => contract.readSeatGroup.parse({ voiceGroupId: true })).toThrow(RequestShapeError);
  });
});
