/** A setting the GET returned in a form the app cannot read is never sent back as "clear it". */
import { describe, expect, it } from 'vitest';
import { normaliseSeatGroupSettings } from '../../../src/shared/normalise/records';
import { saveSeatGroup } from '../../../src/main/handlers/seat-group-handlers';
import type { SeatGroupEditRequest } from '../../../src/shared/requests';
import { ok } from '../../../src/shared/result';
import { completeEditRequest, valuesOf } from '../../../src/shared/seat-groups/values';
import { parseTimeZone } from '../../../src/shared/time-zone';

const parsedZone = parseTimeZone('+08:00');
if (!parsedZone) throw new Error('zone');
const zone = parsedZone;

const RAW = {
  voiceGroupId: '102',
  callinStrategy: 1,
  timeoutTransferSec: { seconds: 30 }, // a form this app does not know
  callinAutoAnswerSec: 4,
  wrapUpTime: '20',
  timeoutIdle: 3,
  timeoutWaitSec: 90,
  labelName: ['VIP', { name: 'Retail' }],
  displaySwitch: 0,
  encryptNumber: 1,
  fsNode: 'SG_FS',
};

/** The platform as far as the save is concerned: it counts every edit it accepts. */
function platform(raw: Record<string, unknown>) {
  const edits: SeatGroupEditRequest[] = [];
  return {
    edits,
    client: {
      seatGroupRead: async () => ok(normaliseSeatGroupSettings(raw, { zone })),
      seatGroupEdit: async (request: SeatGroupEditRequest) => {
        edits.push(request);
        return ok(null);
      },
    },
  };
}

describe('saving a seat group whose settings could not all be read', () => {
  it('notes which settings came in a form the app cannot read', () => {
    expect(normaliseSeatGroupSettings(RAW, { zone }).unreadable).toEqual(['timeoutTransferSec', 'labelName']);
    expect(normaliseSeatGroupSettings({ ...RAW, timeoutTransferSec: '', labelName: [] }, { zone }).unreadable).toEqual([]);
  });

  it('refuses to send them as empty, names them, and sends nothing', async () => {
    const { client, edits } = platform(RAW);
    const loaded = valuesOf(normaliseSeatGroupSettings(RAW, { zone }));
    const result = await saveSeatGroup(client, {
      expected: loaded,
      next: completeEditRequest('102', { ...loaded, callinStrategy: 2 }),
      overwrite: false,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'unreadable-setting' } });
    if (!result.ok) expect(`${result.error.message} ${result.error.detail ?? ''}`).toMatch(/Transfer after \(seconds\).*Labels/);
    expect(edits).toEqual([]);
  });

  it('saves once the user sets those settings explicitly', async () => {
    const { client, edits } = platform(RAW);
    const loaded = valuesOf(normaliseSeatGroupSettings(RAW, { zone }));
    const result = await saveSeatGroup(client, {
      expected: loaded,
      next: completeEditRequest('102', { ...loaded, timeoutTransferSec: 45, labelName: ['VIP', 'Retail'] }),
      overwrite: false,
    });
    expect(result.ok).toBe(true);
    expect(edits).toHaveLength(1);
  });
});
