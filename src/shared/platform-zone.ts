/**
 * The one rule for the zone the platform's offset-less times (`YYYY-MM-DD HH:MM:SS`:
 * seats, team leaders, AXB expiry, number-record start and end) are read in. The zone
 * belongs to the connection, the same in the app, the CLI and sync:
 *
 * 1. a profile's connection: the profile's zone (set in Accounts);
 * 2. a bare address (`--base-url`): `--platform-zone`, else SWITCHBOARD_PLATFORM_ZONE;
 * 3. else +08:00, the zone of the platform's samples.
 *
 * Never this computer's clock, and not the display zone (the zone a file's or a screen's
 * date-times are written in), which may differ.
 */
import { m } from './i18n';
import { PLATFORM_OFFSETLESS_ZONE } from './platform';
import { parseTimeZone, type TimeZone } from './time-zone';

export const PLATFORM_ZONE_ENV = 'SWITCHBOARD_PLATFORM_ZONE';
export const DEFAULT_PLATFORM_ZONE = PLATFORM_OFFSETLESS_ZONE;

/** What a connection says about its platform zone; a profile's connection gives only `profile`. */
export interface PlatformZoneSources {
  /** The profile's zone, as stored. */
  profile?: string;
  /** `--platform-zone`, as typed. */
  option?: string;
  /** SWITCHBOARD_PLATFORM_ZONE, as set. */
  environment?: string;
}

export type PlatformZoneSource = 'profile' | 'option' | 'environment' | 'default';

export type PlatformZone =
  | { ok: true; zone: TimeZone; source: PlatformZoneSource }
  | { ok: false; message: string };

/** Where a zone came from, as a problem names it (the profile's is said in words). */
const WHERE: Record<Exclude<PlatformZoneSource, 'default' | 'profile'>, string> = {
  option: '--platform-zone',
  environment: PLATFORM_ZONE_ENV,
};

/** The zone a connection's offset-less times are read in (see the rule above), or what to fix. */
export function platformZone(sources: PlatformZoneSources): PlatformZone {
  for (const source of ['profile', 'option', 'environment'] as const) {
    const text = sources[source]?.trim();
    if (text === undefined || text === '') continue;
    const zone = parseTimeZone(text);
    if (zone === null) {
      return {
        ok: false,
        message: source === 'profile' ? m.overview_zone_invalid_profile({ text }) : m.overview_zone_invalid_source({ source: WHERE[source], text }),
      };
    }
    return { ok: true, zone, source };
  }
  return { ok: true, zone: parseTimeZone(DEFAULT_PLATFORM_ZONE) as TimeZone, source: 'default' };
}
