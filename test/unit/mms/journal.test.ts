import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MmsHistory } from '../../../src/main/mms/history';
import { MmsJournal, type NewEntry } from '../../../src/main/mms/journal';
import { createLogger } from '../../../src/main/log';

const log = createLogger({ console: false });
const planned: NewEntry = {
  kind: 'send',
  sendId: 'send-0001',
  at: 1000,
  profileId: 'p1',
  profileName: 'Demo',
  appId: 'app',
  mmsType: '1',
  mmsTitle: null,
  mmsFiles: null,
  content: 'Hello there',
  batches: [['123456', '234567'], ['345678']],
};

function freshJournal(): MmsJournal {
  return new MmsJournal(join(mkdtempSync(join(tmpdir(), 'mms-journal-')), 'mms-journal.jsonl'));
}

describe('MmsJournal', () => {
  it('appends JSON lines and reads them back', () => {
    const journal = freshJournal();
    journal.append(planned);
    journal.append({ kind: 'batch', sendId: 'send-0001', batch: 1, attempt: 1, at: 1001, phase: 'about-to-send', appId: 'app', mmsType: '1', numbers: ['123456', '234567'], contentPreview: 'Hello' });
    const lines = readFileSync(journal.path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ v: 1, kind: 'send', sendId: 'send-0001' });
    expect(journal.read()).toMatchObject({ skipped: 0, entries: [{ kind: 'send' }, { phase: 'about-to-send' }] });
  });

  it('tolerates a torn last line, and the next entry after it is still readable', () => {
    const journal = freshJournal();
    journal.append(planned);
    appendFileSync(journal.path, '{"v":1,"kind":"batch","sendId":"send-0001","ba');
    expect(journal.read()).toMatchObject({ skipped: 1, entries: [{ kind: 'send' }] });
    const reopened = new MmsJournal(journal.path);
    reopened.append({ kind: 'batch', sendId: 'send-0001', batch: 2, attempt: 1, at: 2, phase: 'failed', error: { code: 'x', message: 'no' } });
    const read = reopened.read();
    expect(read.skipped).toBe(1);
    expect(read.entries.map((e) => e.kind)).toEqual(['send', 'batch']);
  });

  it('reads on from where it stopped, leaving a line another process is still writing for the next read', () => {
    const journal = freshJournal();
    journal.append(planned);
    const first = journal.readFrom(0);
    expect(first.entries.map((e) => e.kind)).toEqual(['send']);
    const line = JSON.stringify({ v: 1, kind: 'batch', sendId: 'send-0001', batch: 2, attempt: 1, at: 2, phase: 'failed', error: { code: 'x', message: 'no' } });
    appendFileSync(journal.path, line.slice(0, 20));
    const partial = journal.readFrom(first.offset);
    expect(partial).toMatchObject({ entries: [], skipped: 0, offset: first.offset, restarted: false });
    appendFileSync(journal.path, `${line.slice(20)}\n`);
    expect(journal.readFrom(partial.offset).entries.map((e) => e.kind)).toEqual(['batch']);
    expect(journal.readFrom(10_000_000)).toMatchObject({ restarted: true });
  });

  it('skips lines of the wrong shape', () => {
    const journal = freshJournal();
    appendFileSync(journal.path, '{"kind":"send"}\n[]\n{"v":1,"kind":"batch","sendId":"s","at":1,"batch":1,"attempt":1,"phase":"boom"}\n');
    expect(journal.read()).toEqual({ entries: [], skipped: 3 });
  });
});

describe('MmsHistory', () => {
  it('marks a batch cut off by a crash as outcome unknown, and the rest as not sent', () => {
    const journal = freshJournal();
    journal.append(planned);
    journal.append({ kind: 'batch', sendId: 'send-0001', batch: 1, attempt: 1, at: 1001, phase: 'about-to-send', appId: 'app', mmsType: '1', numbers: ['123456', '234567'], contentPreview: 'Hello' });
    const history = new MmsHistory(new MmsJournal(journal.path), log);
    const detail = history.detail('send-0001');
    expect(detail?.batches.map((b) => b.status)).toEqual(['outcome-unknown', 'not-sent']);
    expect(detail?.status).toBe('attention');
    expect(detail?.rows.map((r) => r.outcome)).toEqual(['unknown', 'unknown', 'not-sent']);
    expect(detail?.batches[0].error?.message).toMatch(/stopped while this batch was being sent/);
  });

  it('folds answers into counts and per-number message ids, newest send first', () => {
    const journal = freshJournal();
    const history = new MmsHistory(journal, log);
    history.record(planned);
    history.record({ ...planned, sendId: 'send-0002', at: 5000 });
    history.record({ kind: 'batch', sendId: 'send-0001', batch: 1, attempt: 1, at: 1001, phase: 'about-to-send', owner: history.self, appId: 'app', mmsType: '1', numbers: ['123456', '234567'], contentPreview: 'Hello' });
    history.setInFlight('send-0001', 1, true);
    expect(history.summary('send-0001')?.status).toBe('sending');
    history.setInFlight('send-0001', 1, false);
    history.record({ kind: 'batch', sendId: 'send-0001', batch: 1, attempt: 1, at: 1002, phase: 'answered', accepted: 1, rejected: 1, messages: [{ msgId: 'm1', number: '123456' }] });
    const detail = history.detail('send-0001');
    expect(detail).toMatchObject({ accepted: 1, rejected: 1, recipients: 3, status: 'attention' });
    expect(detail?.rows[0]).toMatchObject({ number: '123456', outcome: 'accepted', msgId: 'm1' });
    expect(history.list().map((s) => s.sendId)).toEqual(['send-0002', 'send-0001']);
    // What was written is what a restart reads.
    expect(new MmsHistory(new MmsJournal(journal.path), log).detail('send-0001')).toEqual(detail);
  });
});
