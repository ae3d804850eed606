import { LIMITS } from '../../../shared/platform';
import { createRandom, hash32, hex8, permute32, STREAM, type Random } from '../prng';
import { formatIsoWithOffset } from '../time';
import { BILL_PERIODS, chargedSeconds, charges, pickPricing } from './money';
import { COUNTRIES, hexString, mixedPhoneNumber } from './phones';
import { calledInfo } from './pools';
import type { IndexedTimeline } from './indexed-timeline';
import type { VoiceRecord } from './types';

interface Termination {
  code: string;
  reason: string;
}

const TERMINATIONS: Readonly<Record<number, readonly Termination[]>> = {
  10: [
    { code: '486', reason: 'Busy Here' },
    { code: '600', reason: 'Busy Everywhere' },
  ],
  20: [
    { code: '480', reason: 'Temporarily Unavailable' },
    { code: '408', reason: 'Request Timeout' },
    { code: '487', reason: 'Request Terminated' },
  ],
  30: [
    { code: '404', reason: 'Not Found' },
    { code: '503', reason: 'Service Unavailable' },
    { code: '484', reason: 'Address Incomplete' },
    { code: '403', reason: 'Forbidden' },
  ],
  40: [{ code: '200', reason: 'OK' }],
  50: [{ code: '200', reason: 'OK' }],
  60: [
    { code: '603', reason: 'Decline' },
    { code: '500', reason: 'Server Internal Error' },
    { code: '488', reason: 'Not Acceptable Here' },
  ],
};

const CALL_STATUS_WEIGHTS: readonly (readonly [number, number])[] = [
  [50, 45],
  [20, 20],
  [10, 10],
  [40, 10],
  [30, 8],
  [60, 7],
];

const FEEDBACK_KEYS: readonly string[] = ['1', '2', '3', '0', '9', '*', '#'];

function talkSeconds(random: Random, callStatus: number): number {
  if (callStatus === 40) return random.int(5, 60);
  const roll = random.next();
  if (roll < 0.7) return random.int(3, 90);
  if (roll < 0.95) return random.int(91, 600);
  return random.int(601, 3600);
}

/** A small set of caller ids and voice files per seed, as a real account would have. */
function accountAssets(seed: number): { displayNumbers: string[]; voiceFiles: string[] } {
  const random = createRandom(seed, STREAM.voice, 0x0a55e7);
  const displayNumbers = Array.from({ length: 8 }, () => mixedPhoneNumber(random, random.pick(COUNTRIES)));
  const voiceFiles = Array.from({ length: 12 }, () => `vf${hexString(random, 16)}`);
  return { displayNumbers, voiceFiles };
}

export function createVoiceRecordSource(
  seed: number,
  timeline: IndexedTimeline,
  callStatusCutoffMs: number,
): (index: number) => VoiceRecord {
  const assets = accountAssets(seed);
  const idKey = hash32(seed, STREAM.ids, 1);
  return (index) => {
    const random = createRandom(seed, STREAM.voice, index);
    const submitSeconds = timeline.secondsAt(index);
    const country = random.pick(COUNTRIES);
    const status = random.weighted(CALL_STATUS_WEIGHTS);
    const termination = random.pick(TERMINATIONS[status]);
    const answered = status === 40 || status === 50;
    const callSeconds = submitSeconds + random.int(0, 20);
    const reachedRinging = status !== 30 || random.chance(0.3);
    const ringingSeconds = callSeconds + random.int(1, 5);
    const ringFor = status === 10 ? random.int(1, 6) : random.int(3, 45);
    const duration = answered ? talkSeconds(random, status) : 0;
    const answerSeconds = ringingSeconds + ringFor;
    const hangupSeconds = answered
      ? answerSeconds + duration
      : reachedRinging
        ? answerSeconds
        : callSeconds + 1;
    const billPeriod = random.pick(BILL_PERIODS);
    const billed = chargedSeconds(duration, billPeriod);
    const money = charges(pickPricing(random), billed);
    const groupCall = random.chance(0.85);
    const feedbackValue = answered && random.chance(0.6) ? random.pick(FEEDBACK_KEYS) : '-1';
    return {
      voiceId: `${hexString(random, 8)}-${hexString(random, 4)}-4${hexString(random, 3)}-a${hexString(random, 3)}-${hexString(random, 4)}${hex8(permute32(index, idKey))}`,
      callee: mixedPhoneNumber(random, country),
      displayNum: random.pick(assets.displayNumbers),
      code: `${country.country}-${random.pick(country.operators)}`,
      submitTime: formatIsoWithOffset(submitSeconds * 1000),
      callTime: formatIsoWithOffset(callSeconds * 1000),
      ringingTime: reachedRinging ? formatIsoWithOffset(ringingSeconds * 1000) : null,
      answerTime: answered ? formatIsoWithOffset(answerSeconds * 1000) : null,
      hangupTime: formatIsoWithOffset(hangupSeconds * 1000),
      callDuration: duration,
      chargedDuration: billed,
      terminationCode: termination.code,
      terminationReason: termination.reason,
      cost: money.cost,
      billPeriod,
      rate: money.rate,
      baseCost: money.baseCost,
      voiceFileId: groupCall ? random.pick(assets.voiceFiles) : '',
      feedbackValue,
      calledInfo: calledInfo(random, LIMITS.calledInfoMaxChars),
      settleRate: money.settleRate,
      quoteExchange: money.quoteExchange,
      currency: money.currency,
      settlePay: money.settlePay,
      callStatus: submitSeconds * 1000 < callStatusCutoffMs ? null : status,
    };
  };
}
