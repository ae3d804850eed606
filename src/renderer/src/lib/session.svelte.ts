import type { AppInfo, ProfileSummary } from '../../../shared/contract';
import type { AppError } from '../../../shared/result';
import { bridge } from './bridge';

class Session {
  appInfo = $state<AppInfo | null>(null);
  profile = $state<ProfileSummary | null>(null);
  error = $state<AppError | null>(null);

  async load(): Promise<void> {
    const [info, profile] = await Promise.all([bridge.getAppInfo(), bridge.getActiveProfile()]);
    if (info.ok) this.appInfo = info.value;
    else this.error = info.error;
    if (profile.ok) this.profile = profile.value;
    else this.error = profile.error;
  }
}

export const session = new Session();
