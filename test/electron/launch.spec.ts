import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { methodNames } from '../../src/shared/contract';

/** The Electron binary, if this machine has fetched it (npm install does not). */
function electronBinary(): string | null {
  const packageDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();

test.skip(
  binary === null,
  'the Electron binary is not on this machine (npm does not download it; it is fetched on first launch, and this machine has no internet)',
);

test('the desktop app opens its hardened window with the contract bridge', async () => {
  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [resolve(__dirname, '../..')],
    env: { ...process.env, SWITCHBOARD_USER_DATA: mkdtempSync(join(tmpdir(), 'switchboard-electron-')) },
  });
  const page = await app.firstWindow();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  const exposed = await page.evaluate(() => Object.keys(window.switchboard ?? {}).sort());
  expect(exposed).toEqual(expect.arrayContaining([...methodNames]));
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  await app.close();
});
