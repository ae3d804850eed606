/** The desktop app's notification for a threshold crossing: Electron's, through the desktop port (electron stood in for). */
import { describe, expect, it, vi } from 'vitest';

const shown: { title: string; body: string }[] = [];
let supported = true;

vi.mock('electron', () => ({
  app: { getPath: () => '' },
  dialog: {},
  shell: {},
  Notification: class {
    static isSupported = (): boolean => supported;
    constructor(private readonly options: { title: string; body: string }) {}
    on(): void {}
    show(): void {
      shown.push(this.options);
    }
  },
}));

describe('the Electron desktop port', () => {
  it('shows a threshold crossing as a system notification, and says when the system has none', async () => {
    const { createElectronDesktop } = await import('../../../src/main/electron/desktop');
    const desktop = createElectronDesktop(() => null);
    expect(desktop.notify?.('Amber: Busy seats', 'Busy seats is 62, above the amber limit of 61 seats.')).toBe(true);
    expect(shown).toEqual([{ title: 'Amber: Busy seats', body: 'Busy seats is 62, above the amber limit of 61 seats.' }]);
    supported = false;
    expect(desktop.notify?.('Recovered: Busy seats', 'Busy seats is back to 50.')).toBe(false);
    expect(shown).toHaveLength(1);
  });
});
