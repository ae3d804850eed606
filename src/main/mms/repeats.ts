/**
 * Earlier sends of the same content in the last 24 hours that hold some of a draft's
 * numbers, read from the journal. A number counts when that send got it, may have got
 * it, or still holds it to send; not when the platform refused it for certain.
 */
import { REPEAT_WINDOW_MS, type MmsRepeat } from '../../shared/mms/repeats';
import { numberDigits } from '../../shared/mms/results';
import type { MmsHistory } from './history';

export function findRepeats(history: MmsHistory, content: string, numbers: readonly string[], now: number): MmsRepeat[] {
  const wanted = new Map<string, string>();
  for (const number of numbers) wanted.set(numberDigits(number), number);
  const repeats: MmsRepeat[] = [];
  for (const send of history.all()) {
    if (send.plan.content !== content || now - send.plan.at > REPEAT_WINDOW_MS) continue;
    const detail = history.detail(send.plan.sendId);
    if (!detail) continue;
    const overlap: string[] = [];
    let accepted = 0;
    for (const row of detail.rows) {
      const mine = wanted.get(numberDigits(row.number));
      if (mine === undefined) continue;
      const refused = row.outcome === 'rejected' || row.outcome === 'failed';
      if (refused) continue;
      overlap.push(mine);
      if (row.outcome === 'accepted' || row.outcome === 'not-given') accepted += 1;
    }
    if (overlap.length > 0) repeats.push({ sendId: send.plan.sendId, at: send.plan.at, numbers: overlap, accepted });
  }
  return repeats.sort((a, b) => b.at - a.at);
}
