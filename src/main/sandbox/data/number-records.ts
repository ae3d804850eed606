import { createRandom, hash32, hex8, permute32, STREAM } from '../prng';
import { formatLocalDateTime } from '../time';
import { chargedSeconds, charges, pickPricing } from './money';
import { COUNTRIES, hexString, mixedPhoneNumber } from './phones';
import type { IndexedTimeline } from './indexed-timeline';
import type { NumberCallRecord, NumberRecord } from './types';

const HANGUPS: readonly (readonly [string, string])[] = [
  ['200', 'Normal clearing'],
  ['200', 'Caller hung up'],
  ['486', 'Busy'],
  ['480', 'No answer'],
  ['404', 'Number not found'],
  ['503', 'Network congestion'],
];

export function createNumberRecordSource(
  seed: number,
  timeline: IndexedTimeline,
  numbers: readonly NumberRecord[],
): (index: number) => NumberCallRecord {
  const idKey = hash32(seed, STREAM.ids, 2);
  return (index) => {
    const random = createRandom(seed, STREAM.numberRecord, index);
    const own = random.pick(numbers);
    const country = random.pick(COUNTRIES);
    const inbound = random.chance(0.4);
    const other = mixedPhoneNumber(random, country);
    const [sipCode, hangupReason] = random.pick(HANGUPS);
    const connected = sipCode === '200';
    const duration = connected ? random.int(2, 900) : 0;
    const chargedPeriod = random.pick(['60+60', '6+6', '1+1']);
    const billed = chargedSeconds(duration, chargedPeriod);
    const money = charges(pickPricing(random), billed);
    const startSeconds = timeline.secondsAt(index);
    const callid = `nc${hex8(permute32(index, idKey))}${hexString(random, 8)}`;
    return {
      callid,
      number: own.number,
      type: own.type,
      caller: inbound ? other : own.number,
      called: inbound ? own.number : other,
      ccode: country.ccode,
      country: country.country,
      callSource: random.chance(0.5) ? 2 : 3,
      callDuration: duration,
      chargedDuration: billed,
      startTime: formatLocalDateTime(startSeconds * 1000),
      endTime: formatLocalDateTime((startSeconds + duration + random.int(1, 30)) * 1000),
      pay: money.cost,
      sipCode,
      recordingFileUrl:
        connected && random.chance(0.5) ? `https://recordings.sandbox.invalid/${callid}.mp3` : '',
      hangupReason,
      appId: own.appId,
      chargedPeriod,
      customerRate: money.rate,
      currency: money.currency,
      QuoteExchange: money.quoteExchange,
      SeptleRate: money.settleRate,
      SettlePay: money.settlePay,
    };
  };
}
