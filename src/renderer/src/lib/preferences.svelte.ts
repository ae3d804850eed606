import { worded } from '../../../shared/i18n/said';
import { bridge } from './bridge';
import { notices } from './notices.svelte';

/** Preferences kept in main's userData (per-screen filters, page sizes, columns). */
class PreferenceStore {
  values = $state.raw<Record<string, unknown>>({});
  loaded = $state(false);
  private pending = new Map<string, ReturnType<typeof setTimeout>>();

  async load(): Promise<void> {
    const result = await bridge.loadPreferences();
    this.values = result.ok ? result.value : {};
    this.loaded = true;
  }

  get<T>(key: string): T | undefined {
    return this.values[key] as T | undefined;
  }

  /** Saves soon after the last change, so typing does not write on every key. */
  set(key: string, value: unknown): void {
    this.values = { ...this.values, [key]: value };
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void bridge.savePreference({ key, value: $state.snapshot(value) }).then((saved) => {
          // Kept for this session, but not on disk (a full disk): said, so nobody expects it back after a restart.
          if (saved.ok) notices.settingsSaved();
          else notices.settingsNotSaved({ kind: 'settings', ...worded({ key: 'shell_settings_not_saved', params: { reason: saved.error.said ?? saved.error.message } }) });
        });
      }, 300),
    );
  }
}

export const preferences = new PreferenceStore();
