import { expect, type Page } from '@playwright/test';

/** On the Live screen: thresholds that put idle seats at red and busy seats at amber, saved, refreshed, and waited for. */
export async function crossLiveThresholds(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Thresholds…' }).click();
  await app.getByLabel('Busy seats, amber:').fill('0');
  await app.getByLabel('Idle seats, amber:').fill('1000');
  await app.getByLabel('Idle seats, red:').fill('900');
  await app.getByRole('button', { name: 'Save thresholds' }).click();
  await app.getByRole('button', { name: 'Refresh now' }).click();
  await expect(app.getByTestId('live-watch-idleSeats')).toHaveAttribute('data-level', 'red', { timeout: 30_000 });
  await expect(app.getByTestId('live-watch-busySeats')).toHaveAttribute('data-level', 'amber');
}
