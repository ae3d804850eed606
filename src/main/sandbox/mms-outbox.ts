import { hash32, hex8, STREAM } from './prng';

/** One accepted recipient of one MMS request. */
export interface SentMms {
  appId: string;
  number: string;
  msgId: string;
  content: string;
  mmsType: '1' | '2';
  /** mmsTitle as sent; null when none was given. */
  title: string | null;
  files: string[];
  /** Epoch ms (real clock) of acceptance. */
  at: number;
}

export interface MmsOutbox {
  readonly sent: ReadonlyArray<SentMms>;
  nextMessageId(): string;
  record(message: SentMms): void;
}

export function createMmsOutbox(seed: number): MmsOutbox {
  const sent: SentMms[] = [];
  const prefix = hex8(hash32(seed, STREAM.ids, 3));
  let counter = 0;
  return {
    sent,
    nextMessageId: () => `${prefix}${String(++counter).padStart(10, '0')}`,
    record: (message) => {
      sent.push(message);
    },
  };
}
