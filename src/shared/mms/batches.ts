import { LIMITS } from '../platform';

/** Consecutive batches of at most `size` numbers (the platform takes 1000 per request), order kept. */
export function splitIntoBatches<T>(items: readonly T[], size: number = LIMITS.mmsMaxRecipients): T[][] {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`batch size must be a positive whole number, not ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
