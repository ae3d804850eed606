/**
 * A seat group is read and saved through the profile its form was loaded under, even when
 * another window made another profile active meanwhile: group 103 of one account is not
 * group 103 of another.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import type { SaveSeatGroupOutcome } from '../../../src/shared/methods/seat-groups';
import type { SeatGroupSettings } from '../../../src/shared/records';
import { completeEditRequest, valuesOf } from '../../../src/shared/seat-groups/values';
import { startTestServices, type TestServices, valueOf } from '../support/services';

const GROUP = 103;
let test: TestServices;
let other: Sandbox;

beforeAll(async () => {
  test = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'sg-profile-')) });
  other = await startSandbox({ seed: 5, volume: 'small', accounts: [{ apiKey: 'sg-window-key', apiSecret: 'Sg-Window-Secret-5e7a' }] });
});
afterAll(async () => {
  await test.services.close();
  await other.close();
});

describe('a seat group of the profile its form was loaded under', () => {
  it('is read and saved there, not in the account another window made active', async () => {
    const mine = valueOf(await test.call<{ activeProfileId: string }>('listProfiles')).activeProfileId;
    const loaded = valueOf(await test.call<SeatGroupSettings>('readSeatGroup', { voiceGroupId: GROUP, profileId: mine }));
    const theirs = valueOf(
      await test.call<{ id: string }>('saveProfile', {
        name: 'Other window',
        baseUrl: other.baseUrl,
        apiKey: 'sg-window-key',
        apiSecret: 'Sg-Window-Secret-5e7a',
        defaultAppId: '',
        timeZone: '+08:00',
        pageSize: 25,
      }),
    );
    valueOf(await test.call('setActiveProfile', { id: theirs.id }));
    const theirGroup = other.seatGroups.get(GROUP);

    const strategy = loaded.callinStrategy === 4 ? 3 : 4;
    const saved = valueOf(
      await test.call<SaveSeatGroupOutcome>('saveSeatGroup', {
        profileId: mine,
        expected: valuesOf(loaded),
        next: completeEditRequest(GROUP, { ...valuesOf(loaded), callinStrategy: strategy }),
        overwrite: true,
      }),
    );
    expect(saved.kind).toBe('saved');
    expect(saved.kind === 'saved' && saved.saved?.callinStrategy).toBe(strategy);
    expect(other.requestLog.filter((entry) => entry.path.endsWith('/seatGroup/basicSetting'))).toEqual([]);
    expect(other.seatGroups.get(GROUP)).toEqual(theirGroup);
  });
});
