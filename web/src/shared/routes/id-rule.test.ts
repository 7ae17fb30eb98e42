// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canonicalId, lookupId } from './id-rule';

describe('canonicalId', () => {
  it('reads number ids in canonical decimal form', () => {
    expect(canonicalId('number', '1')).toBe('1');
    expect(canonicalId('number', '01')).toBe('1');
    expect(canonicalId('number', '0010')).toBe('10');
    expect(canonicalId('number', '0')).toBe('0');
    expect(canonicalId('number', '000')).toBe('0');
  });

  it('rejects malformed number ids', () => {
    for (const raw of ['', 'abc', '1a', '-1', '+1', '1.0', '1e2', ' 1', '0x1', '１', '1/2']) {
      expect(canonicalId('number', raw), raw).toBeNull();
    }
  });

  it('keeps string ids exactly', () => {
    expect(canonicalId('string', '1')).toBe('1');
    expect(canonicalId('string', '01')).toBe('01');
    expect(canonicalId('string', 'abc')).toBe('abc');
    expect(canonicalId('string', '')).toBeNull();
    expect(canonicalId('string', 'a/b')).toBeNull();
  });
});

describe('lookupId', () => {
  const known = new Map([
    ['1', 'one'],
    ['10', 'ten'],
  ]);

  it('finds number ids whatever their leading zeros', () => {
    expect(lookupId('number', '1', known)).toBe('one');
    expect(lookupId('number', '01', known)).toBe('one');
    expect(lookupId('number', '010', known)).toBe('ten');
    expect(lookupId('number', '2', known)).toBeUndefined();
    expect(lookupId('number', 'one', known)).toBeUndefined();
  });

  it('matches string ids exactly', () => {
    expect(lookupId('string', '1', known)).toBe('one');
    expect(lookupId('string', '01', known)).toBeUndefined();
    expect(lookupId('string', undefined, known)).toBeUndefined();
  });
});
