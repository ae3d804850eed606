import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/main/log';

describe('the logger', () => {
  it('never writes a registered secret, in messages, details or stacks', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'logs', 'main.log');
    const lines: string[] = [];
    const log = createLogger({ file, sink: (line) => lines.push(line) });
    log.redact('s3cret-value');
    log.info('saving s3cret-value now');
    log.error('failed', new Error('bad secret s3cret-value'));
    log.warn('detail', { secret: 's3cret-value' });
    const written = readFileSync(file, 'utf8');
    expect(written).not.toContain('s3cret-value');
    expect(lines.join('\n')).not.toContain('s3cret-value');
    expect(written.match(/\[redacted\]/g)).toHaveLength(4);
  });
});

describe('transient redaction', () => {
  it('scrubs recent Signs but keeps only a bounded number of them', () => {
    const lines: string[] = [];
    const log = createLogger({ console: false, sink: (line) => lines.push(line) });
    const signs = Array.from({ length: 300 }, (_, i) => `sign-${String(i).padStart(4, '0')}-abcdef`);
    for (const sign of signs) log.redactTransient(sign);
    log.info(`latest ${signs[299]} oldest ${signs[0]}`);
    expect(lines[0]).not.toContain(signs[299]);
    // The oldest has aged out: the list is bounded, so logging stays fast in long sessions.
    expect(lines[0]).toContain(signs[0]);
  });
});
