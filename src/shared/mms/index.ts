/** Pure MMS logic shared by the composer (renderer) and the sender (main). */
export * from './batches';
export * from './composer';
export * from './recipients';
export * from './records';
export * from './repeats';
export * from './results';
