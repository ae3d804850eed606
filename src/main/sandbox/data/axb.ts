import { createRandom, STREAM } from '../prng';
import { DAY_SECONDS, formatLocalDateTime } from '../time';
import { COUNTRIES, mixedPhoneNumber, phoneNumber } from './phones';
import type { AxbBindingEntry } from './types';

const BINDING_COUNT = 500;

export function generateAxbBindings(
  seed: number,
  anchorMs: number,
  appIds: readonly string[],
): AxbBindingEntry[] {
  const random = createRandom(seed, STREAM.axb);
  const pool = COUNTRIES.slice(0, 3);
  const middleNumbers = Array.from({ length: 12 }, (_, i) =>
    phoneNumber(random, pool[i % pool.length], 'national'),
  );
  const anchorSeconds = Math.floor(anchorMs / 1000);
  return Array.from({ length: BINDING_COUNT }, (_, i) => {
    const country = random.pick(pool);
    const expires = anchorSeconds + random.int(-10 * DAY_SECONDS, 90 * DAY_SECONDS);
    return {
      appId: appIds[i % appIds.length],
      record: {
        bindId: 300_001 + i,
        phoneA: mixedPhoneNumber(random, country),
        phoneB: mixedPhoneNumber(random, country),
        pnsNumberA: random.pick(middleNumbers),
        pnsNumberB: random.pick(middleNumbers),
        expireTime: formatLocalDateTime(expires * 1000),
      },
    };
  });
}
