import { createRandom, STREAM } from '../prng';
import { DAY_SECONDS, formatDate } from '../time';
import { COUNTRIES, fixedLineNumber, hexString, ipv4, mixedPhoneNumber } from './phones';
import type { NumberRecord } from './types';

const NUMBER_COUNT = 40;
const STATES = [3, 4, 5] as const;
const REMARKS = ['Sales hotline', 'Collections', 'Support line, EN/ZH', 'Campaign "Spring"', '', 'خط الدعم'];

export function generateNumbers(seed: number, anchorMs: number, appIds: readonly string[]): NumberRecord[] {
  const random = createRandom(seed, STREAM.numbers);
  const used = new Set<string>();
  const numbers: NumberRecord[] = [];
  for (let i = 0; i < NUMBER_COUNT; i++) {
    const country = COUNTRIES[i % COUNTRIES.length];
    const type = random.chance(0.7) ? 'MOBILE' : 'FIXED';
    let number: string;
    do {
      number = type === 'MOBILE' ? mixedPhoneNumber(random, country) : fixedLineNumber(random, country);
    } while (used.has(number));
    used.add(number);
    // The first entries cover every state and both voicemail settings.
    const state =
      i < STATES.length
        ? STATES[i]
        : random.weighted([
            [3, 80],
            [4, 12],
            [5, 8],
          ] as const);
    const voicemail = i < 2 ? i : random.chance(0.5) ? 1 : 0;
    const dueOffsetDays = state === 4 ? -random.int(1, 120) : random.int(5, 365);
    numbers.push({
      number,
      ccode: country.ccode,
      country: country.country,
      dueDate: formatDate(anchorMs + dueOffsetDays * DAY_SECONDS * 1000),
      state,
      inboundPrefix: random.chance(0.3) ? String(random.int(1, 9)) : '',
      type,
      outIp: Array.from({ length: random.int(1, 3) }, () => ipv4(random, '203.0.113')).join(','),
      inIp: `${ipv4(random, '198.51.100')}:5060`,
      remark: random.pick(REMARKS),
      appId: appIds[i % appIds.length],
      enableVoicemail: voicemail,
      voicemailFileId: voicemail === 1 ? `vm${hexString(random, 12)}` : null,
      voicemailFileName:
        voicemail === 1 ? random.pick(['greeting.wav', 'after-hours.mp3', '问候语.wav']) : '',
      voicemailMaxHangup: voicemail === 1 && random.chance(0.8) ? random.int(30, 180) : null,
      autoRenew: random.chance(0.6) ? 1 : 0,
    });
  }
  return numbers;
}
