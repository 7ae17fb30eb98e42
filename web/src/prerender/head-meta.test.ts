// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defineSetting } from '../shared/render/settings';
import { organization } from '../shared/seo/json-ld';
import type { PageMeta } from '../shared/seo/page-meta';
import { plannedSocialImages } from '../shared/seo/social-image';
import { jsonLdText, metaHead } from './head-meta';

const meta: PageMeta = {
  site: 'ads',
  siteName: 'Ads "R" Us',
  canonical: '/ja/',
  title: 'ホーム',
  description: 'Ads </script> & more',
  type: 'website',
  image: plannedSocialImages().card('ads', 'Ads card'),
  locale: 'ja_JP',
  languages: [
    { hreflang: 'en', locale: 'en_US', path: '/' },
    { hreflang: 'ja', locale: 'ja_JP', path: '/ja/' },
  ],
  xDefault: '/',
  jsonLd: [organization('Ads')],
};

describe('metaHead', () => {
  const { lines, settings } = metaHead(meta);

  it('names the canonical and every alternate absolutely, on the origin token', () => {
    expect(lines[0]).toBe('<link rel="canonical" href="{{origins.ads}}/ja/">');
    expect(lines).toContain('<link rel="alternate" hreflang="en" href="{{origins.ads}}/">');
    expect(lines).toContain('<link rel="alternate" hreflang="x-default" href="{{origins.ads}}/">');
    expect(settings.map((s) => s.key)).toEqual(['origins.ads']);
  });

  it('writes the sharing card, escaped, with the other locales as alternates', () => {
    expect(lines).toContain('<meta property="og:site_name" content="Ads &quot;R&quot; Us">');
    expect(lines).toContain('<meta property="og:url" content="{{origins.ads}}/ja/">');
    expect(lines).toContain('<meta property="og:image:width" content="1200">');
    expect(lines).toContain('<meta property="og:locale" content="ja_JP">');
    expect(lines.filter((l) => l.includes('og:locale:alternate'))).toEqual([
      '<meta property="og:locale:alternate" content="en_US">',
    ]);
    expect(lines).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(lines.some((l) => l.includes('article:'))).toBe(false);
  });

  it('keeps JSON-LD inside its script and makes its paths absolute in JSON form', () => {
    const script = lines.find((l) => l.startsWith('<script'))!;
    expect(script).toContain('"url":"{{json:origins.ads}}/"');
    expect(script).toContain('"logo":"{{json:origins.ads}}/apple-touch-icon.png"');
    const text = jsonLdText({ name: '</script><b>\u2028' }, settingFor());
    expect(text).toBe('{"name":"\\u003c/script>\\u003cb>\\u2028"}');
  });

  it('adds the article times and the settings the data takes', () => {
    const link = defineSetting('shop.link', { type: 'url', default: 'https://x.example/' });
    const out = metaHead({
      ...meta,
      type: 'article',
      published: '2025-01-01',
      modified: '2025-02-01',
      settings: [link],
    });
    expect(out.lines).toContain('<meta property="article:published_time" content="2025-01-01">');
    expect(out.lines).toContain('<meta property="article:modified_time" content="2025-02-01">');
    expect(out.settings.map((s) => s.key)).toEqual(['origins.ads', 'shop.link']);
  });
});

function settingFor() {
  return defineSetting('x.y', { type: 'text', default: '' });
}
