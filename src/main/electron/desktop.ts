import { shell } from 'electron';
import type { DesktopPort } from '../services/desktop';

export const electronDesktop: DesktopPort = {
  host: 'electron',
  openExternal: (url) => shell.openExternal(url),
};
