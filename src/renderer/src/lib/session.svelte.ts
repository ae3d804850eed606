import type { AppInfo } from '../../../shared/contract';
import type { BrandPreset } from '../../../shared/platform';
import type { ProfileView } from '../../../shared/profiles';
import type { AppError } from '../../../shared/result';
import { shownZoneOf, type TimeZone } from '../../../shared/time-zone';
import { bridge } from './bridge';

export { shownZoneOf };

/** App-wide state: who we are and which profile every screen works with. */
class Session {
  appInfo = $state<AppInfo | null>(null);
  profiles = $state<ProfileView[]>([]);
  presets = $state<readonly BrandPreset[]>([]);
  activeProfileId = $state<string | null>(null);
  /** What could not be read from the profiles file, and where it was kept. */
  profileWarnings = $state<string[]>([]);
  error = $state<AppError | null>(null);

  readonly profile = $derived(this.profiles.find((profile) => profile.id === this.activeProfileId) ?? null);
  /** The zone every time the screens show is written in (formatInstant): the active profile's, never this computer's. */
  readonly zone: TimeZone = $derived(shownZoneOf(this.profile?.timeZone));
  /** Profiles offered in the switcher: the hidden sandbox is left out. */
  readonly selectable = $derived(this.profiles.filter((profile) => !profile.hidden));

  async load(): Promise<void> {
    const info = await bridge.getAppInfo();
    if (info.ok) this.appInfo = info.value;
    else this.error = info.error;
    await this.refreshProfiles();
  }

  async refreshProfiles(): Promise<void> {
    const state = await bridge.listProfiles();
    if (!state.ok) {
      this.error = state.error;
      return;
    }
    this.profiles = state.value.profiles;
    this.presets = state.value.presets;
    this.activeProfileId = state.value.activeProfileId;
    this.profileWarnings = state.value.warnings;
    this.error = null;
  }

  async switchTo(id: string): Promise<AppError | null> {
    const previous = this.activeProfileId;
    this.activeProfileId = id; // instant: screens follow at once
    const result = await bridge.setActiveProfile({ id });
    if (!result.ok) {
      this.activeProfileId = previous;
      return result.error;
    }
    await this.refreshProfiles();
    return null;
  }
}

export const session = new Session();
