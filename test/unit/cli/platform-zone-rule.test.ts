/** The rule for the zone of the platform's offset-less times, and how the CLI's connection options apply it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/main/cli/command';
import { connectionChoice, openConnection } from '../../../src/main/cli/connection-options';
import { createLogger } from '../../../src/main/log';
import { PLATFORM_ZONE_ENV, platformZone } from '../../../src/shared/platform-zone';

const io = { out: () => undefined, err: () => undefined };

describe('platformZone', () => {
  it('is +08:00, the zone of the platform samples, when nothing names one', () => {
    const zone = platformZone({});
    expect(zone.ok && [zone.zone.name, zone.source]).toEqual(['+08:00', 'default']);
    const blank = platformZone({ profile: ' ', option: '', environment: '' });
    expect(blank.ok && blank.zone.name).toBe('+08:00');
  });

  it("takes the profile's zone, else --platform-zone, else the environment", () => {
    const all = platformZone({ profile: 'Asia/Tokyo', option: '+01:00', environment: 'UTC' });
    expect(all.ok && [all.zone.name, all.source]).toEqual(['Asia/Tokyo', 'profile']);
    const option = platformZone({ option: '+05:30', environment: 'UTC' });
    expect(option.ok && [option.zone.name, option.source]).toEqual(['+05:30', 'option']);
    const environment = platformZone({ environment: 'Europe/Paris' });
    expect(environment.ok && [environment.zone.name, environment.source]).toEqual(['Europe/Paris', 'environment']);
  });

  it('takes the common spellings of an offset from every source, as +HH:MM, and no offset beyond +14:00', () => {
    const spelt = platformZone({ option: 'UTC+8' });
    expect(spelt.ok && spelt.zone.name).toBe('+08:00');
    const environment = platformZone({ environment: 'GMT-3' });
    expect(environment.ok && environment.zone.name).toBe('-03:00');
    const profile = platformZone({ profile: '+5:30' });
    expect(profile.ok && profile.zone.name).toBe('+05:30');
    expect(platformZone({ option: '+18:59' }).ok).toBe(false);
    expect(platformZone({ profile: '+18:00' }).ok).toBe(false);
  });

  it('names what to fix when the zone given is not one', () => {
    expect(platformZone({ profile: 'Mars/Olympus' })).toEqual({
      ok: false,
      message:
        'The profile\'s time zone must be an IANA zone such as Asia/Shanghai or an offset such as +08:00, not "Mars/Olympus": correct it in Accounts.',
    });
    const environment = platformZone({ environment: '+25:00' });
    expect(environment.ok ? '' : environment.message).toContain(`${PLATFORM_ZONE_ENV} must be`);
    const option = platformZone({ option: 'nowhere' });
    expect(option.ok ? '' : option.message).toContain('--platform-zone must be');
  });
});

describe('the connection options', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-platform-zone-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    SWITCHBOARD_API_KEY: 'key',
    SWITCHBOARD_API_SECRET: 'secret',
    SWITCHBOARD_USER_DATA: join(dir, 'user-data'),
    ...extra,
  });
  const open = async (values: Parameters<typeof connectionChoice>[0], extra?: NodeJS.ProcessEnv) => {
    const opened = await openConnection(connectionChoice(values), { env: env(extra), log: createLogger({ console: false }) }, io);
    try {
      const client = opened.client();
      return { platform: opened.platformZone.name, written: opened.zone.name, client: client.timeZone.name, connection: opened.connection.timeZone };
    } finally {
      await opened.close();
    }
  };
  const baseUrl = 'http://127.0.0.1:9';

  it('reads a bare address in +08:00 and writes in it, whatever this computer\'s zone', async () => {
    expect(await open({ 'base-url': baseUrl })).toEqual({ platform: '+08:00', written: '+08:00', client: '+08:00', connection: '+08:00' });
  });

  it('keeps --time-zone (what is written) apart from the platform zone (what is read)', async () => {
    expect(await open({ 'base-url': baseUrl, 'time-zone': 'America/New_York' })).toEqual({
      platform: '+08:00',
      written: 'America/New_York',
      client: '+08:00',
      connection: '+08:00',
    });
  });

  it(`takes --platform-zone, else ${PLATFORM_ZONE_ENV}, for a bare address`, async () => {
    expect(await open({ 'base-url': baseUrl, 'platform-zone': 'Asia/Tokyo' }, { [PLATFORM_ZONE_ENV]: '+01:00' })).toMatchObject({
      platform: 'Asia/Tokyo',
      client: 'Asia/Tokyo',
    });
    expect(await open({ 'base-url': baseUrl }, { [PLATFORM_ZONE_ENV]: '+01:00' })).toMatchObject({ platform: '+01:00', written: '+01:00' });
    await expect(open({ 'base-url': baseUrl }, { [PLATFORM_ZONE_ENV]: 'Mars/Olympus' })).rejects.toThrow(
      `${PLATFORM_ZONE_ENV} must be an IANA zone such as Asia/Shanghai or an offset such as +08:00, not "Mars/Olympus".`,
    );
  });

  it('reads --time-zone and --platform-zone written as UTC+8 or +0800, and refuses +18:59', async () => {
    expect(await open({ 'base-url': baseUrl, 'time-zone': 'UTC+8', 'platform-zone': '+0530' })).toMatchObject({ written: '+08:00', platform: '+05:30' });
    expect(() => connectionChoice({ 'base-url': baseUrl, 'time-zone': '+18:59' })).toThrow(/--time-zone must be/);
    expect(() => connectionChoice({ 'base-url': baseUrl, 'platform-zone': '+18:59' })).toThrow(/--platform-zone must be/);
  });

  it("refuses --platform-zone with a profile (its zone is set in Accounts) and a zone that is not one", () => {
    expect(() => connectionChoice({ profile: 'Ops', 'platform-zone': '+09:00' })).toThrow(UsageError);
    expect(() => connectionChoice({ 'platform-zone': '+09:00' })).toThrow(/goes with --base-url/);
    expect(() => connectionChoice({ 'base-url': baseUrl, 'platform-zone': 'nowhere' })).toThrow(/--platform-zone must be/);
  });
});
