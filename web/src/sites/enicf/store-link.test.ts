import { describe, expect, it } from 'vitest';
import { LANDING_SETTINGS } from './settings';
import { clickParams, MAX_CLICK_PARAM, platformOf, storeDestination } from './store-link';
import { trackingRequestUrl } from './tracking';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const LINKS = {
  appStore: 'https://apps.apple.com/app/block-blast/id1617391485',
  playStore: 'https://play.google.com/store/apps/details?id=com.block.juggle',
  ct: 'spring',
  pt: '118765',
};

describe('platformOf', () => {
  it('tells iPhones, iPads (even asking for the desktop page) and Android from the rest', () => {
    expect(platformOf(IPHONE)).toBe('ios');
    expect(platformOf(IPHONE.replace('iPhone', 'iPad'))).toBe('ios');
    expect(platformOf(MAC, 5)).toBe('ios');
    expect(platformOf(MAC, 0)).toBe('other');
    expect(platformOf(PIXEL)).toBe('android');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0')).toBe('other');
  });
});

describe('storeDestination', () => {
  it('sends an iPhone to the App Store with the campaign tokens', () => {
    const url = new URL(storeDestination('ios', LINKS, '?utm_source=x&gclid=y')!);
    expect(url.origin + url.pathname).toBe('https://apps.apple.com/app/block-blast/id1617391485');
    expect(url.searchParams.get('ct')).toBe('spring');
    expect(url.searchParams.get('pt')).toBe('118765');
  });

  it('leaves unset tokens out', () => {
    const href = storeDestination(
      'ios',
      { ...LINKS, ct: '', pt: LANDING_SETTINGS.appStorePt.html },
      '',
    );
    expect(href).toBe(LINKS.appStore);
  });

  it('sends Android to Google Play with the ad’s UTM parameters as one encoded referrer', () => {
    const href = storeDestination(
      'android',
      LINKS,
      '?utm_source=x&utm_medium=cpc&utm_campaign=spring%20sale&gclid=y&utm_term=ignored',
    )!;
    expect(href).toBe(
      'https://play.google.com/store/apps/details?id=com.block.juggle' +
        '&referrer=utm_source%3Dx%26utm_medium%3Dcpc%26utm_campaign%3Dspring%2Bsale',
    );
    const referrer = new URLSearchParams(new URL(href).searchParams.get('referrer')!);
    expect(Object.fromEntries(referrer)).toEqual({
      utm_source: 'x',
      utm_medium: 'cpc',
      utm_campaign: 'spring sale',
    });
    expect(storeDestination('android', LINKS, '')).toBe(LINKS.playStore);
  });

  it('sends everything else to the App Store web listing, without the tokens', () => {
    expect(storeDestination('other', LINKS, '?utm_source=x')).toBe(LINKS.appStore);
  });

  it('leaves the choice to the server when the page’s settings were not filled in', () => {
    const unfilled = {
      appStore: LANDING_SETTINGS.appStoreUrl.html,
      playStore: LANDING_SETTINGS.playStoreUrl.html,
      ct: undefined,
      pt: undefined,
    };
    for (const p of ['ios', 'android', 'other'] as const) {
      expect(storeDestination(p, unfilled, '')).toBeNull();
    }
    expect(storeDestination('ios', { ...LINKS, appStore: 'javascript:alert(1)' }, '')).toBeNull();
  });
});

describe('clickParams', () => {
  it('passes the click ids and utm_* on, each at most 200 characters', () => {
    const long = 'g'.repeat(500);
    expect(
      clickParams(
        `?gclid=${long}&fbclid=f&ttclid=t&msclkid=m&clickid=c&utm_source=x&utm_content=ad1&q=no&gclid=again&utm_=no`,
      ),
    ).toEqual([
      ['gclid', 'g'.repeat(MAX_CLICK_PARAM)],
      ['fbclid', 'f'],
      ['ttclid', 't'],
      ['msclkid', 'm'],
      ['clickid', 'c'],
      ['utm_source', 'x'],
      ['utm_content', 'ad1'],
    ]);
    expect(clickParams('')).toEqual([]);
  });

  it('adds them to the tracking request', () => {
    const url = new URL(
      trackingRequestUrl('https://t.example/c', {
        offer: 'o',
        affiliate: 'a',
        language: 'en',
        userAgent: IPHONE,
        clickIds: clickParams('?utm_source=x&gclid=y'),
      })!,
    );
    expect(url.searchParams.get('gclid')).toBe('y');
    expect(url.searchParams.get('utm_source')).toBe('x');
    expect(url.searchParams.get('offer')).toBe('o');
  });
});
