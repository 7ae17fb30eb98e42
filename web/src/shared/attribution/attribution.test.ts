// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_STORAGE_KEY,
  MAX_ATTRIBUTION_VALUE,
  attributionOf,
  captureAttribution,
  readAttribution,
  sessionStore,
  type AttributionLocation,
  type AttributionStorage,
} from './attribution';

/** An in-memory Storage, as sessionStorage behaves for one tab. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
  };
}

const at = (path: string, host = 'waveads.example'): AttributionLocation => {
  const url = new URL(path, `https://${host}`);
  return { pathname: url.pathname, search: url.search, host: url.host };
};

const NOW = new Date('2026-03-04T05:06:07.089Z');
const LATER = new Date('2026-03-04T06:00:00.000Z');

describe('attributionOf', () => {
  it('reads the campaign tags and click ids of the query, the path and the time', () => {
    const record = attributionOf(
      at(
        '/contact-us?utm_source=google&utm_medium=cpc&utm_campaign=spring%20sale&utm_term=ads' +
          '&utm_content=ad1&gclid=g1&fbclid=f1&ttclid=t1&msclkid=m1&li_fat_id=l1&q=other',
      ),
      '',
      NOW,
    );
    expect(record).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring sale',
      utm_term: 'ads',
      utm_content: 'ad1',
      gclid: 'g1',
      fbclid: 'f1',
      ttclid: 't1',
      msclkid: 'm1',
      li_fat_id: 'l1',
      landing_path: '/contact-us',
      first_seen: '2026-03-04T05:06:07.089Z',
    });
    expect(Object.keys(record)).toEqual(ATTRIBUTION_KEYS.filter((k) => k !== 'referrer'));
  });

  it('keeps the first of a repeated parameter and ignores other names and cases', () => {
    expect(attributionOf(at('/?gclid=a&gclid=b&UTM_SOURCE=x&utm_source_x=y'), '', NOW)).toEqual({
      gclid: 'a',
      landing_path: '/',
      first_seen: NOW.toISOString(),
    });
  });

  it('keeps the path without its query', () => {
    expect(attributionOf(at('/ja/contact-us?utm_source=x#top'), '', NOW).landing_path).toBe(
      '/ja/contact-us',
    );
  });

  it("keeps another site's origin as the referrer, never its path or query", () => {
    const record = attributionOf(at('/'), 'https://www.google.com/search?q=waveads', NOW);
    expect(record.referrer).toBe('https://www.google.com');
    expect(attributionOf(at('/'), 'http://news.example:8080/a?b=c', NOW).referrer).toBe(
      'http://news.example:8080',
    );
  });

  it('ignores a referrer of our own host (port included)', () => {
    expect(attributionOf(at('/'), 'https://waveads.example/contact-us', NOW)).not.toHaveProperty(
      'referrer',
    );
    expect(
      attributionOf(at('/', 'waveads.example:8443'), 'https://waveads.example:8443/', NOW),
    ).not.toHaveProperty('referrer');
    // Another port is another host.
    expect(
      attributionOf(at('/', 'waveads.example:8443'), 'https://waveads.example/', NOW).referrer,
    ).toBe('https://waveads.example');
  });

  it.each([
    '',
    'android-app://com.google.android.gm/',
    'about:blank',
    'ftp://files.example/x',
    'data:text/html,hi',
    'not a url',
  ])('ignores the referrer %j (not an http(s) URL)', (referrer) => {
    expect(attributionOf(at('/'), referrer, NOW)).not.toHaveProperty('referrer');
  });

  it(`trims every value and cuts it to ${MAX_ATTRIBUTION_VALUE} characters`, () => {
    const long = 'g'.repeat(MAX_ATTRIBUTION_VALUE + 50);
    const record = attributionOf(
      at(`/?utm_source=%20%20google%20&gclid=${long}&utm_term=${'🌊'.repeat(201)}`),
      '',
      NOW,
    );
    expect(record.utm_source).toBe('google');
    expect(record.gclid).toBe('g'.repeat(MAX_ATTRIBUTION_VALUE));
    // Characters, as the server counts them: 200 emoji, no half of a surrogate pair.
    expect(record.utm_term).toBe('🌊'.repeat(MAX_ATTRIBUTION_VALUE));
    const path = `/${'p'.repeat(300)}`;
    expect(attributionOf(at(path), '', NOW).landing_path).toBe(path.slice(0, 200));
  });

  it('leaves out empty values', () => {
    const record = attributionOf(at('/?utm_source=&utm_medium=%20%20&gclid&fbclid=f'), '', NOW);
    expect(record).toEqual({ fbclid: 'f', landing_path: '/', first_seen: NOW.toISOString() });
  });
});

describe('captureAttribution', () => {
  it('records the first page of the session and keeps it on the next pages', () => {
    const storage = memoryStorage();
    const first = captureAttribution(
      at('/?utm_source=newsletter&gclid=g1'),
      'https://mail.example/inbox',
      NOW,
      storage,
    );
    expect(first).toEqual({
      utm_source: 'newsletter',
      gclid: 'g1',
      referrer: 'https://mail.example',
      landing_path: '/',
      first_seen: NOW.toISOString(),
    });
    expect(JSON.parse(storage.items.get(ATTRIBUTION_STORAGE_KEY)!)).toEqual(first);

    const stored = storage.items.get(ATTRIBUTION_STORAGE_KEY);
    const second = captureAttribution(
      at('/contact-us?utm_source=other&fbclid=f2'),
      'https://search.example/',
      LATER,
      storage,
    );
    expect(second).toEqual(first);
    expect(storage.items.get(ATTRIBUTION_STORAGE_KEY)).toBe(stored);
    expect(readAttribution(storage)).toEqual(first);
  });

  it('keeps a first page without campaign tags too: a later tagged page does not win', () => {
    const storage = memoryStorage();
    captureAttribution(at('/'), '', NOW, storage);
    expect(captureAttribution(at('/?utm_source=late'), '', LATER, storage)).toEqual({
      landing_path: '/',
      first_seen: NOW.toISOString(),
    });
  });

  it('replaces a damaged record with this page', () => {
    for (const damaged of ['{', '[]', '"x"', '{}', '{"utm_source":1}']) {
      const storage = memoryStorage({ [ATTRIBUTION_STORAGE_KEY]: damaged });
      expect(captureAttribution(at('/?utm_source=x'), '', NOW, storage)).toEqual({
        utm_source: 'x',
        landing_path: '/',
        first_seen: NOW.toISOString(),
      });
    }
  });

  it('returns null without an error when storage is missing or throws', () => {
    const throwing: AttributionStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const full: AttributionStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    for (const storage of [null, throwing, full]) {
      expect(captureAttribution(at('/?utm_source=x'), '', NOW, storage)).toBeNull();
      expect(readAttribution(storage)).toBeNull();
    }
  });

  it('has no storage outside the browser (the prerender)', () => {
    expect(sessionStore()).toBeNull();
  });
});

describe('readAttribution', () => {
  it('is null when nothing was captured', () => {
    expect(readAttribution(memoryStorage())).toBeNull();
    expect(readAttribution(null)).toBeNull();
  });

  it('gives back only the known keys with text, trimmed, cut and non-empty', () => {
    const storage = memoryStorage({
      [ATTRIBUTION_STORAGE_KEY]: JSON.stringify({
        utm_source: ' x ',
        gclid: 'g'.repeat(300),
        fbclid: '',
        utm_medium: 5,
        other: 'y',
        landing_path: '/',
      }),
    });
    expect(readAttribution(storage)).toEqual({
      utm_source: 'x',
      gclid: 'g'.repeat(MAX_ATTRIBUTION_VALUE),
      landing_path: '/',
    });
  });
});
