/**
 * Seat-group fields the spec leaves loose are bounded before anything is written: numbers
 * within a range, the ring tone a plain file name, labels without control or broken characters.
 */
import { describe, expect, it } from 'vitest';
import { saveSeatGroup } from '../../../src/main/handlers/seat-group-handlers';
import { generateSeatGroups } from '../../../src/main/sandbox/data/seats';
import { createSeatGroupStore } from '../../../src/main/sandbox/seat-group-store';
import type { SeatGroupSettings } from '../../../src/shared/records';
import type { SeatGroupEditRequest } from '../../../src/shared/requests';
import { ok } from '../../../src/shared/result';
import { draftFrom, labelRefusal, readDraft } from '../../../src/shared/seat-groups/draft';
import { placeSeatGroupError } from '../../../src/shared/seat-groups/errors';
import { completeEditRequest, type SeatGroupValues } from '../../../src/shared/seat-groups/values';
import { validateSeatGroupEdit } from '../../../src/shared/validation';

const loaded: SeatGroupValues = {
  callinStrategy: 1,
  timeoutTransferSec: 30,
  callinAutoAnswerSec: 4,
  wrapUpTime: 20,
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  turnSeatRing: 'ring-classic.wav',
  labelName: ['VIP', '已成交'],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
};

function fieldsOf(patch: Partial<SeatGroupEditRequest>): Record<string, string> {
  const result = validateSeatGroupEdit({ ...completeEditRequest(101, loaded), ...patch });
  return result.ok ? {} : (result.error.fields ?? {});
}

describe('seat-group numbers', () => {
  it('refuses seconds beyond a day and a count beyond a 32-bit Integer, naming the field, and takes the edges', () => {
    expect(fieldsOf({ timeoutWaitSec: 9007199254740991 })).toEqual({ timeoutWaitSec: 'Enter at most 86,400 seconds (24 hours).' });
    expect(fieldsOf({ timeoutIdle: 2147483648 })).toEqual({ timeoutIdle: 'Enter at most 2,147,483,647 timeouts.' });
    for (const field of ['timeoutTransferSec', 'callinAutoAnswerSec', 'wrapUpTime', 'timeoutWaitSec'] as const) {
      expect(Object.keys(fieldsOf({ [field]: 86_401 })), field).toEqual([field]);
    }
    expect(fieldsOf({ timeoutTransferSec: 86_400, callinAutoAnswerSec: 0, wrapUpTime: 86_400, timeoutWaitSec: 86_400, timeoutIdle: 2_147_483_647 })).toEqual({});
    expect(fieldsOf({ timeoutIdle: 0 })).toEqual({});
  });

  it('shows the bound at the field of the form', () => {
    const reading = readDraft({ ...draftFrom(loaded), timeoutWaitSec: '90000', wrapUpTime: '86400' }, loaded, 101);
    expect(reading.request).toBeNull();
    expect(reading.fields).toEqual({ timeoutWaitSec: 'Enter at most 86,400 seconds (24 hours).' });
  });
});

describe('the ring tone', () => {
  it("refuses what is no plain file name (paths, links, control characters, over 255 characters), and takes the sandbox's names", () => {
    const bad = ['a\u0000.wav', '../../etc/passwd', 'javascript:alert(1)', 'https://x.example/r.wav', 'C:\\ring.wav', '..', 'what?.wav', 'x'.repeat(256), 'x'.repeat(1024 * 1024)];
    for (const turnSeatRing of bad) {
      expect(Object.keys(fieldsOf({ turnSeatRing })), turnSeatRing.slice(0, 20)).toEqual(['turnSeatRing']);
    }
    expect(fieldsOf({ turnSeatRing: 'tab\t.wav' }).turnSeatRing).toMatch(/control character \(U\+0009\)/);
    expect(fieldsOf({ turnSeatRing: 'ring\uD83D.wav' }).turnSeatRing).toMatch(/half of a character/);
    for (const turnSeatRing of ['ring-classic.wav', 'welcome_hold.mp3', '等待音.wav', 'Ring tone (2).MP3', '1727059993381.wav', 'x'.repeat(255)]) {
      expect(fieldsOf({ turnSeatRing }), turnSeatRing).toEqual({});
    }
  });
});

describe('labels', () => {
  it("refuses control characters and lone surrogates at the label, and takes the sandbox's labels", () => {
    expect(Object.keys(fieldsOf({ labelName: ['VIP', 'a\u0000b'] }))).toEqual(['labelName[1]']);
    expect(Object.keys(fieldsOf({ labelName: ['\uD800', 'ok'] }))).toEqual(['labelName[0]']);
    expect(Object.keys(fieldsOf({ labelName: ['line\nbreak'] }))).toEqual(['labelName[0]']);
    expect(fieldsOf({ labelName: ['Interested', 'Call back', 'Promise to pay', '已成交', 'متابعة'] })).toEqual({});
  });

  it('counts a label\'s 20 characters as a person does (an emoji is one), as MMS text and the sandbox do', () => {
    const twenty = '🎉'.repeat(20);
    expect(fieldsOf({ labelName: [twenty, '⭐ VIP'] })).toEqual({});
    expect(labelRefusal(['VIP'], twenty)).toBeNull();
    const over = '🎉'.repeat(21);
    expect(fieldsOf({ labelName: [over] })['labelName[0]']).toBe('Label names may have at most 20 characters (this one has 21).');
    expect(labelRefusal(['VIP'], over)).toBe('Label names may have at most 20 characters (this one has 21).');
  });

  it('refuses them in the label editor before they are added', () => {
    expect(labelRefusal(['VIP'], 'a\u0000b')).toMatch(/control character/);
    expect(labelRefusal(['VIP'], 'Call back')).toBeNull();
  });

});

describe('every seat group of the sandbox', () => {
  it('saves back as it was read, unless a path is put in its ring tone', () => {
    const groups = generateSeatGroups('workspace');
    const store = createSeatGroupStore(7, groups);
    for (const group of groups) {
      const settings = store.get(group.id);
      if (!settings) throw new Error(`no group ${group.id}`);
      const result = validateSeatGroupEdit(completeEditRequest(group.id, settings));
      expect(result.ok ? {} : result.error.fields, String(group.id)).toEqual({});
      const withPath = validateSeatGroupEdit(completeEditRequest(group.id, { ...settings, turnSeatRing: `../${settings.turnSeatRing ?? 'ring.wav'}` }));
      expect(withPath.ok ? {} : withPath.error.fields).toHaveProperty('turnSeatRing');
    }
  });
});

/** The group as the platform holds it, and a client that reads it and records every edit sent. */
const heldSettings: SeatGroupSettings = {
  ...loaded,
  voiceGroupId: '101',
  groupName: 'Sales',
  appName: 'Sandbox Sales',
  turnSeatRingUrl: null,
  extra: {},
  unreadable: [],
};

function recordingClient(held: SeatGroupSettings = heldSettings) {
  const edits: SeatGroupEditRequest[] = [];
  const client = {
    seatGroupRead: async () => ok(held),
    seatGroupEdit: async (request: SeatGroupEditRequest) => {
      edits.push(request);
      return ok(null);
    },
  };
  return { client, edits };
}

describe('saveSeatGroup', () => {
  it('writes nothing to the platform when a field is out of bounds, and the form places the error at it', async () => {
    const { client, edits } = recordingClient();
    const next = { ...completeEditRequest(101, loaded), timeoutIdle: 2147483648, turnSeatRing: '../../etc/passwd', labelName: ['\u0000'] };
    const result = await saveSeatGroup(client, { expected: loaded, next, overwrite: false });
    expect(edits).toEqual([]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(placeSeatGroupError(result.error).fields).sort()).toEqual(['labelName[0]', 'timeoutIdle', 'turnSeatRing']);
  });
});

describe('a number sent back as the group holds it', () => {
  it('has only the Integer bound, said in seconds for a seconds field', () => {
    const request = { ...completeEditRequest(101, loaded), wrapUpTime: 90_000, timeoutWaitSec: 2_147_483_648 };
    const result = validateSeatGroupEdit(request, { held: { wrapUpTime: 90_000, timeoutWaitSec: 2_147_483_648 } });
    expect(result.ok ? {} : result.error.fields).toEqual({ timeoutWaitSec: 'Enter at most 2,147,483,647 seconds.' });
  });
});

describe('a number the caller says the group holds', () => {
  it('keeps its one-day bound unless the platform, read before the save, holds it: nothing is written', async () => {
    const { client, edits } = recordingClient();
    const claimed = { ...loaded, timeoutTransferSec: 2_000_000_000 };
    const next = { ...completeEditRequest(101, loaded), timeoutTransferSec: 2_000_000_000 };
    for (const overwrite of [true, false]) {
      const result = await saveSeatGroup(client, { expected: claimed, next, overwrite });
      expect(result.ok ? {} : result.error.fields).toEqual({ timeoutTransferSec: 'Enter at most 86,400 seconds (24 hours).' });
    }
    expect(edits).toEqual([]);

    const holding = recordingClient({ ...heldSettings, timeoutTransferSec: 2_000_000_000 });
    const saved = await saveSeatGroup(holding.client, { expected: claimed, next, overwrite: false });
    expect(saved.ok && saved.value.kind).toBe('saved');
    expect(holding.edits).toHaveLength(1);
  });
});

describe('labels that look the same', () => {
  it('refuses a typed label that differs from another only in case, width, composition or an edge space, or holds an invisible character', () => {
    expect(fieldsOf({ labelName: ['a', 'a '] })).toEqual({ 'labelName[1]': 'Remove the space at the start or end of “a”.' });
    expect(fieldsOf({ labelName: [' lead'] })).toEqual({ 'labelName[0]': 'Remove the space at the start or end of “lead”.' });
    expect(fieldsOf({ labelName: ['\u00e9', 'e\u0301'] })).toEqual({
      'labelName[1]': '“e\u0301” looks the same as “\u00e9”: label names must differ in more than case, width or spacing.',
    });
    expect(Object.keys(fieldsOf({ labelName: ['A1', 'Ａ１'] }))).toEqual(['labelName[1]']);
    expect(Object.keys(fieldsOf({ labelName: ['Ab', 'ab'] }))).toEqual(['labelName[1]']);
    expect(fieldsOf({ labelName: ['a\u200bb'] })['labelName[0]']).toMatch(/invisible character U\+200B/);
    expect(labelRefusal(['VIP'], 'vip')).toMatch(/looks the same as “VIP”/);
    expect(labelRefusal(['VIP'], 'V\u200bIP')).toMatch(/U\+200B/);
    expect(fieldsOf({ labelName: ['Interested', 'Call back', '已成交', 'متابعة', 'वीआईपी'] })).toEqual({});
  });

  it('lets the group keep what it holds, and refuses a new label that looks like one it holds, wherever it stands', () => {
    const heldLabels = [' old', 'Ab', 'ab'];
    const request = { ...completeEditRequest(101, loaded), labelName: [...heldLabels] };
    expect(validateSeatGroupEdit(request, { held: { labelName: heldLabels } }).ok).toBe(true);
    expect(validateSeatGroupEdit(request, { platformBoundsOnly: true }).ok).toBe(true);
    const withNew = validateSeatGroupEdit({ ...request, labelName: ['AB', ...heldLabels] }, { held: { labelName: heldLabels } });
    expect(withNew.ok ? {} : withNew.error.fields).toEqual({
      'labelName[0]': '“AB” looks the same as “Ab”: label names must differ in more than case, width or spacing.',
    });
  });
});
