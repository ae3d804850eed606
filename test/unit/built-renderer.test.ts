import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/main/security/csp';
import { builtFile } from './support/built';

describe('the built renderer page', () => {
  const html = readFileSync(builtFile('renderer/index.html'), 'utf8');

  it('carries the strict CSP as a meta tag', () => {
    const match = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
    expect(match).not.toBeNull();
    const policy = (match?.[1] ?? '').replaceAll('&#39;', "'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/https?:/);
    for (const directive of policy.split('; ')) expect(CONTENT_SECURITY_POLICY).toContain(directive);
  });

  it('has no inline script and loads only local files', () => {
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body.trim()).toBe('');
      expect(attributes).toMatch(/src="\.\/assets\//);
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});
