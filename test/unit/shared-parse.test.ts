import { describe, expect, it } from 'vitest';
import * as p from '../../src/shared/parse';
import { isSafeExternalUrl } from '../../src/shared/links';
import { eventNames, methodNames, subscriptionName } from '../../src/shared/contract';

describe('request parsers', () => {
  const profile = p.object({ name: p.string, size: p.optional(p.integer), tags: p.optional(p.arrayOf(p.string)) });

  it('accepts exactly the declared shape', () => {
    expect(profile({ name: 'a' })).toEqual({ name: 'a' });
    expect(profile({ name: 'a', size: 3, tags: ['x'] })).toEqual({ name: 'a', size: 3, tags: ['x'] });
  });

  it('names the field at fault', () => {
    expect(() => profile({ name: 1 })).toThrow('name: expected a string');
    expect(() => profile({ name: 'a', size: 1.5 })).toThrow('size: expected a whole number');
    expect(() => profile({ name: 'a', tags: ['x', 2] })).toThrow('tags[1]: expected a string');
    expect(() => profile({ name: 'a', colour: 'red' })).toThrow('colour: expected no such field');
    expect(() => profile([])).toThrow('request: expected an object');
  });

  it('enumerations accept only their values', () => {
    const mode = p.oneOf(['xlsx', 'csv'] as const);
    expect(mode('csv')).toBe('csv');
    expect(() => mode('pdf')).toThrow('one of xlsx, csv');
  });
});

describe('external links', () => {
  it('opens only https links without credentials', () => {
    expect(isSafeExternalUrl('https://api.onbuka.com/docs')).toBe(true);
    for (const url of ['http://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.com', 'not a url']) {
      expect(isSafeExternalUrl(url)).toBe(false);
    }
  });
});

describe('the contract', () => {
  it('names one subscription per event', () => {
    expect(eventNames.map(subscriptionName)).toContain('onJobChanged');
    expect(new Set(methodNames).size).toBe(methodNames.length);
  });
});
