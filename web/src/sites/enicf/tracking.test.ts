import { describe, expect, it } from 'vitest';
import { LANDING_SETTINGS } from './settings';
import { trackingLink, trackingRequestUrl } from './tracking';

const PARAMS = {
  offer: 'block-blast-ios',
  affiliate: 'waveads',
  language: 'pt-BR',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
};

describe('trackingRequestUrl', () => {
  it('adds offer, affiliate, language and user-agent to the tracking link', () => {
    const url = new URL(trackingRequestUrl('https://tracking.example/click', PARAMS)!);
    expect(url.origin + url.pathname).toBe('https://tracking.example/click');
    expect([...url.searchParams]).toEqual([
      ['offer', 'block-blast-ios'],
      ['affiliate', 'waveads'],
      ['language', 'pt-BR'],
      ['user-agent', PARAMS.userAgent],
    ]);
  });

  it('encodes the values and keeps the link’s own parameters', () => {
    const href = trackingRequestUrl('https://t.example/c?src=landing&offer=old', {
      ...PARAMS,
      offer: 'a&b=c d',
    })!;
    expect(href).toContain('offer=a%26b%3Dc+d');
    const url = new URL(href);
    expect(url.searchParams.get('src')).toBe('landing');
    expect(url.searchParams.getAll('offer')).toEqual(['a&b=c d']);
    expect(url.searchParams.get('user-agent')).toBe(PARAMS.userAgent);
  });

  it('gives nothing to call when the tracking link is empty, unfilled or not http(s)', () => {
    for (const value of [
      undefined,
      '',
      '   ',
      LANDING_SETTINGS.trackingUrl.html,
      'not a url',
      'javascript:alert(1)',
      'ftp://t.example/x',
    ]) {
      expect(trackingLink(value)).toBeNull();
      expect(trackingRequestUrl(value, PARAMS)).toBeNull();
    }
    expect(trackingLink(' http://t.example/p ')?.href).toBe('http://t.example/p');
  });
});
