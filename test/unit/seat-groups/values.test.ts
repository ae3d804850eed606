import { describe, expect, it } from 'vitest';
import type { SeatGroupSettings } from '../../../src/shared/records';
import {
  CLEARABLE_FIELDS,
  changedFields,
  completeEditRequest,
  editRequestFromLoaded,
  expectedAfterSave,
  missingClearableFields,
  rebaseEdits,
  valuesOf,
  type SeatGroupValues,
} from '../../../src/shared/seat-groups/values';

const loaded: SeatGroupSettings = {
  voiceGroupId: '101',
  groupName: 'Sales',
  appName: 'App',
  callinStrategy: 2,
  timeoutTransferSec: 30,
  callinAutoAnswerSec: 5,
  wrapUpTime: 20,
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  turnSeatRing: 'ring.wav',
  turnSeatRingUrl: 'https://media.example/ring.wav',
  labelName: ['VIP', 'Retail'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
  extra: {},
  unreadable: [],
};

const empty: SeatGroupValues = {
  callinStrategy: null,
  timeoutTransferSec: null,
  callinAutoAnswerSec: null,
  wrapUpTime: null,
  timeoutIdle: null,
  timeoutWaitSec: null,
  turnSeatRing: null,
  labelName: [],
  displaySwitch: 0,
  encryptNumber: 0,
  fsNode: null,
};

describe('complete edit request', () => {
  it('sends every loaded value when one field is edited', () => {
    const request = editRequestFromLoaded(loaded, { callinStrategy: 4 });
    expect(request).toEqual({
      voiceGroupId: '101',
      callinStrategy: 4,
      timeoutTransferSec: 30,
      callinAutoAnswerSec: 5,
      wrapUpTime: 20,
      timeoutIdle: 3,
      timeoutWaitSec: 90,
      turnSeatRing: 'ring.wav',
      labelName: ['VIP', 'Retail'],
      displaySwitch: 0,
      encryptNumber: 1,
      fsNode: 'SG_FS',
    });
  });

  it('always sends every clearable field, as null or [] when it is empty', () => {
    const request = completeEditRequest(7, empty);
    for (const field of CLEARABLE_FIELDS) expect(Object.hasOwn(request, field), field).toBe(true);
    expect(request.timeoutIdle).toBeNull();
    expect(request.labelName).toEqual([]);
    expect(missingClearableFields(request)).toEqual([]);
  });

  it('leaves out unset fields the platform keeps when left out, and unknown nodes', () => {
    const request = completeEditRequest(7, { ...empty, fsNode: 'MARS_FS' });
    expect(Object.keys(request)).not.toContain('callinStrategy');
    expect(Object.keys(request)).not.toContain('timeoutWaitSec');
    expect(Object.keys(request)).not.toContain('turnSeatRing');
    expect(Object.keys(request)).not.toContain('fsNode');
  });

  it('copies the label list instead of sharing it', () => {
    const values = valuesOf(loaded);
    const request = completeEditRequest(101, values);
    values.labelName.push('changed');
    expect(request.labelName).toEqual(['VIP', 'Retail']);
  });

  it('names the clearable fields a hand-made request leaves out', () => {
    expect(missingClearableFields({ voiceGroupId: 1, displaySwitch: 0, encryptNumber: 0, timeoutIdle: null })).toEqual([
      'timeoutTransferSec',
      'callinAutoAnswerSec',
      'wrapUpTime',
      'labelName',
    ]);
  });
});

describe('what the server should hold after a save', () => {
  it('clears what was sent empty among the clearable fields and keeps the others', () => {
    const before = valuesOf(loaded);
    const sent = { voiceGroupId: 101, displaySwitch: 1, encryptNumber: 1, timeoutIdle: null, labelName: [] };
    expect(expectedAfterSave(before, sent)).toEqual({
      ...before,
      timeoutTransferSec: null,
      callinAutoAnswerSec: null,
      wrapUpTime: null,
      timeoutIdle: null,
      labelName: [],
      displaySwitch: 1,
    });
  });

  it('matches the complete request built from the same values', () => {
    const values = { ...valuesOf(loaded), timeoutIdle: null, labelName: ['A'] };
    expect(expectedAfterSave(valuesOf(loaded), completeEditRequest(101, values))).toEqual(values);
  });
});

describe('rebasing edits on a changed group', () => {
  it('keeps the user\'s edits and takes the server\'s value everywhere else', () => {
    const base = valuesOf(loaded);
    const draft = { ...base, callinStrategy: 4, labelName: ['VIP'] };
    const current = { ...base, wrapUpTime: 45, labelName: ['VIP', 'Retail', 'New'] };
    const rebased = rebaseEdits(base, draft, current);
    expect(rebased).toEqual({ ...base, callinStrategy: 4, wrapUpTime: 45, labelName: ['VIP'] });
    expect(changedFields(current, rebased)).toEqual(['callinStrategy', 'labelName']);
  });
});
