/** The desktop app's notification for a threshold crossing: Electron's, through the desktop port (electron stood in for). */
import { describe, expect, it, vi } from 'vitest';

const shown: { title: string; body: string }[] = [];
const clicks: (() => void)[] = [];
let supported = true;

vi.mock('electron', () => ({
  app: { getPath: () => '' },
  dialog: {},
  shell: {},
  Notification: class {
    static isSupported = (): boolean => supported;
    constructor(private readonly options: { title: string; body: string }) {}
    on(name: string, listener: () => void): void {
      if (name === 'click') clicks.push(listener);
    }
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

  it('calls back when its notification is clicked, so the window can open the Live board', async () => {
    supported = true;
    const { createElectronDesktop } = await import('../../../src/main/electron/desktop');
    const desktop = createElectronDesktop(() => null);
    let opened = 0;
    clicks.length = 0;
    expect(desktop.notify?.('Amber: Busy seats', 'Busy seats is 62.', () => (opened += 1))).toBe(true);
    expect(opened).toBe(0);
    expect(clicks).toHaveLength(1);
    clicks[0]();
    expect(opened).toBe(1);
  });
});
