// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blogPosting, breadcrumbs, mobileApplication, organization } from './json-ld';
import { ORIGIN_PATH } from './page-meta';

/** What the server does to a page's tokens at start: sections, then values in JSON form. */
function fill(text: string, values: Record<string, string>): string {
  let sections = text;
  for (let before = ''; before !== sections;) {
    before = sections;
    sections = sections.replace(
      /\{\{\?([a-z0-9_.]+)\}\}([\s\S]*?)\{\{\/\1\}\}/g,
      (_, key: string, body: string) => (values[key] ? body : ''),
    );
  }
  return sections.replace(/\{\{json:([a-z0-9_.]+)\}\}/g, (_, key) =>
    JSON.stringify(values[key] ?? '').slice(1, -1),
  );
}

const app = (rating: { value: string; count: string }) =>
  mobileApplication(
    {
      name: 'Block Blast!',
      operatingSystem: 'iOS',
      category: 'GameApplication',
      storeUrl: '{{json:landing.app_store_url}}',
      image: '/assets/og.jpg',
      rating: { ...rating, when: ['landing.rating_value', 'landing.rating_count'] },
    },
    '{{json:origins.enicf}}',
  );

describe('JSON-LD', () => {
  it('writes origin paths for the document writer to make absolute', () => {
    expect(organization('WaveAds')).toMatchObject({
      '@type': 'Organization',
      name: 'WaveAds',
      url: `${ORIGIN_PATH}/`,
      logo: `${ORIGIN_PATH}/apple-touch-icon.png`,
    });
    expect(() => breadcrumbs([['Home', 'relative']])).toThrow(/not a path/);
  });

  it("gives an article what Google's article documentation lists, the headline cut to 110", () => {
    const long = 'x'.repeat(130);
    const posting = blogPosting({
      headline: long,
      description: 'd',
      path: '/post/1',
      image: '/assets/og-1.jpg',
      published: '2025-01-01',
      modified: '2025-03-01',
      author: 'Blog Editorial Team',
      publisher: 'Blog',
      lang: 'en',
    });
    expect((posting.headline as string).length).toBe(110);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      datePublished: '2025-01-01',
      dateModified: '2025-03-01',
      author: { '@type': 'Organization', name: 'Blog Editorial Team' },
      publisher: { '@type': 'Organization', name: 'Blog' },
      mainEntityOfPage: { '@id': `${ORIGIN_PATH}/post/1` },
    });
  });

  it('gives the app a rating only when the operator set both its value and count', () => {
    const values = {
      'landing.app_store_url': 'https://apps.apple.com/app/id1?x="q"',
      'origins.enicf': 'https://play.example',
    };
    const tokens = app({
      value: '{{json:landing.rating_value}}',
      count: '{{json:landing.rating_count}}',
    });
    const none = JSON.parse(fill(tokens.text, values));
    expect(none).toMatchObject({
      '@type': 'MobileApplication',
      name: 'Block Blast!',
      operatingSystem: 'iOS',
      applicationCategory: 'GameApplication',
      url: 'https://play.example/',
      offers: { '@type': 'Offer', price: '0', url: 'https://apps.apple.com/app/id1?x="q"' },
    });
    expect(none.aggregateRating).toBeUndefined();
    const half = JSON.parse(fill(tokens.text, { ...values, 'landing.rating_value': '4.7' }));
    expect(half.aggregateRating).toBeUndefined();
    const rated = JSON.parse(
      fill(tokens.text, {
        ...values,
        'landing.rating_value': '4.7',
        'landing.rating_count': '120000',
      }),
    );
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.7',
      ratingCount: '120000',
    });
  });
});
