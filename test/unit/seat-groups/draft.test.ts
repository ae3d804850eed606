import { describe, expect, it } from 'vitest';
import { draftFrom, editedFields, labelRefusal, readDraft } from '../../../src/shared/seat-groups/draft';
import type { SeatGroupValues } from '../../../src/shared/seat-groups/values';
import { diffValues } from '../../../src/shared/seat-groups/diff';

const loaded: SeatGroupValues = {
  callinStrategy: 1,
  timeoutTransferSec: 30,
  callinAutoAnswerSec: null,
  wrapUpTime: 20,
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  turnSeatRing: 'ring.wav',
  labelName: ['VIP'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
};

describe('reading the seat group form', () => {
  it('reads an untouched form back to the loaded values and a complete request', () => {
    const reading = readDraft(draftFrom(loaded), loaded, 101);
    expect(reading.fields).toEqual({});
    expect(reading.values).toEqual(loaded);
    expect(reading.request).toMatchObject({ voiceGroupId: 101, callinAutoAnswerSec: null, timeoutIdle: 3 });
  });

  it('refuses an emptied number box until the user chooses Clear', () => {
    const draft = { ...draftFrom(loaded), timeoutIdle: '' };
    const refused = readDraft(draft, loaded, 101);
    expect(refused.request).toBeNull();
    expect(refused.fields.timeoutIdle).toMatch(/Clear/);
    const cleared = readDraft({ ...draft, clearing: ['timeoutIdle'] }, loaded, 101);
    expect(cleared.fields).toEqual({});
    expect(cleared.request?.timeoutIdle).toBeNull();
  });

  it('a field that was not set may stay empty', () => {
    expect(readDraft(draftFrom(loaded), loaded, 101).values.callinAutoAnswerSec).toBeNull();
  });

  it('refuses emptying fields the platform cannot clear', () => {
    const reading = readDraft({ ...draftFrom(loaded), timeoutWaitSec: ' ', turnSeatRing: '' }, loaded, 101);
    expect(Object.keys(reading.fields).sort()).toEqual(['timeoutWaitSec', 'turnSeatRing']);
  });

  it('refuses fractions, negatives and text in number boxes', () => {
    for (const typed of ['1.5', '-2', 'ten']) {
      expect(readDraft({ ...draftFrom(loaded), wrapUpTime: typed }, loaded, 101).fields.wrapUpTime, typed).toMatch(
        /whole number/,
      );
    }
  });

  it('a whole number past a field\'s range says the range, and a count up to the Integer bound is taken', () => {
    const base = draftFrom(loaded);
    for (const text of ['1000000000', '99999999999', '9'.repeat(30)]) {
      const reading = readDraft({ ...base, wrapUpTime: text }, loaded, 101);
      expect(reading.request).toBeNull();
      expect(reading.fields.wrapUpTime).toBe('Enter at most 86,400 seconds (24 hours).');
    }
    for (const text of ['2147483648', '9'.repeat(30)]) {
      expect(readDraft({ ...base, timeoutIdle: text }, loaded, 101).fields.timeoutIdle).toBe('Enter at most 2,147,483,647 timeouts.');
    }
    for (const [text, value] of [['1000000000', 1_000_000_000], ['2147483647', 2_147_483_647]] as const) {
      const taken = readDraft({ ...base, timeoutIdle: text }, loaded, 101);
      expect(taken.fields).toEqual({});
      expect(taken.request?.timeoutIdle).toBe(value);
    }
  });

  it('reads digits typed in full width by a Chinese input method (１２０) as the number', () => {
    const reading = readDraft({ ...draftFrom(loaded), wrapUpTime: '１２０', timeoutIdle: ' ５ ' }, loaded, 101);
    expect(reading.fields).toEqual({});
    expect(reading.request).toMatchObject({ wrapUpTime: 120, timeoutIdle: 5 });
  });

  it('requires both switches and puts label errors at the label', () => {
    const reading = readDraft(
      { ...draftFrom(loaded), displaySwitch: null, labelName: ['VIP', 'x'.repeat(21)] },
      { ...loaded, displaySwitch: null },
      101,
    );
    expect(Object.keys(reading.fields).sort()).toEqual(['displaySwitch', 'labelName[1]']);
  });
});

describe('label editor rules', () => {
  const ten = Array.from({ length: 10 }, (_, i) => `L${i}`);
  it('refuses an eleventh label, a duplicate, a long one and an empty one', () => {
    expect(labelRefusal(ten, 'Eleven')).toMatch(/At most 10/);
    expect(labelRefusal(['VIP'], ' VIP ')).toMatch(/unique/);
    expect(labelRefusal([], 'x'.repeat(21))).toMatch(/at most 20 characters/);
    expect(labelRefusal([], '   ')).toMatch(/Type a label/);
  });
  it('accepts a label of 1 to 20 characters while there is room', () => {
    expect(labelRefusal(ten.slice(1), 'x'.repeat(20))).toBeNull();
    expect(labelRefusal([], 'a')).toBeNull();
  });
});

describe('a form for edits carried over onto a newer state', () => {
  it('keeps a clear the user chose as a clear', () => {
    const current = { ...loaded, wrapUpTime: 45 };
    const edited = { ...current, timeoutIdle: null };
    const draft = draftFrom(edited, current);
    expect(draft.clearing).toEqual(['timeoutIdle']);
    const reading = readDraft(draft, current, 101);
    expect(reading.fields).toEqual({});
    expect(reading.values).toEqual(edited);
  });
});

describe('edits as typed', () => {
  it('counts a field that does not read as a value yet, which the value diff cannot see', () => {
    const base = draftFrom(loaded);
    expect(editedFields(base, base)).toEqual([]);
    expect(editedFields({ ...base, timeoutTransferSec: ` ${base.timeoutTransferSec} ` }, base)).toEqual([]);
    const typed = { ...base, timeoutTransferSec: 'abc', callinAutoAnswerSec: '-5', labelName: [...base.labelName, 'Gold'] };
    expect(editedFields(typed, base)).toEqual(['timeoutTransferSec', 'callinAutoAnswerSec', 'labelName']);
    const reading = readDraft({ ...base, timeoutTransferSec: 'abc' }, loaded, 101);
    expect(diffValues(loaded, reading.values)).toEqual([]);
  });
});

describe('a setting the server holds in a value this app does not know', () => {
  // A strategy the platform added after the spec (or a 0 it stores for "none"): the form shows it, the user did not touch it.
  const unknownStrategy: SeatGroupValues = { ...loaded, callinStrategy: 5 };

  it('does not stop the user saving another change, and is left out so the platform keeps it', () => {
    const draft = { ...draftFrom(unknownStrategy), wrapUpTime: '25' };
    const reading = readDraft(draft, unknownStrategy, 101);
    expect(reading.fields).toEqual({});
    expect(reading.request).not.toBeNull();
    expect(reading.request).not.toHaveProperty('callinStrategy');
    expect(reading.request?.wrapUpTime).toBe(25);
    expect(diffValues(unknownStrategy, reading.values).map((change) => change.field)).toEqual(['wrapUpTime']);
  });

  it('is sent once the user picks one of the four strategies', () => {
    const reading = readDraft({ ...draftFrom(unknownStrategy), callinStrategy: '2' }, unknownStrategy, 101);
    expect(reading.fields).toEqual({});
    expect(reading.request?.callinStrategy).toBe(2);
  });
});

describe('a number the server holds beyond this app\'s one-day bound', () => {
  const long: SeatGroupValues = { ...loaded, wrapUpTime: 90_000 };

  it('does not stop the user saving another change; typing a new value past a day is still refused', () => {
    const reading = readDraft({ ...draftFrom(long), timeoutIdle: '4' }, long, 101);
    expect(reading.fields).toEqual({});
    expect(reading.request?.wrapUpTime).toBe(90_000);
    const typed = readDraft({ ...draftFrom(long), wrapUpTime: '90001' }, long, 101);
    expect(typed.fields).toEqual({ wrapUpTime: 'Enter at most 86,400 seconds (24 hours).' });
  });
});

describe('numbers typed on an Arabic or Persian keyboard', () => {
  it('read as the digits they are', () => {
    const reading = readDraft({ ...draftFrom(loaded), wrapUpTime: '٤٥', timeoutIdle: '۵' }, loaded, 101);
    expect(reading.fields).toEqual({});
    expect(reading.request).toMatchObject({ wrapUpTime: 45, timeoutIdle: 5 });
  });
});
