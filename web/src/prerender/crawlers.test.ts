// @vitest-environment node
import crawlerUserAgents from 'crawler-user-agents';
import { describe, expect, it } from 'vitest';
import { crawlerList, literalOf } from './crawlers';

describe('the crawler list', () => {
  it('keeps plain text as text and real expressions as patterns', () => {
    expect(literalOf('Googlebot\\/')).toBe('Googlebot/');
    expect(literalOf('bingbot')).toBe('bingbot');
    expect(literalOf('[wW]get')).toBeNull();
    expect(literalOf('^curl')).toBeNull();
    expect(literalOf('BlogTraffic\\/\\d')).toBeNull();
  });

  it('matches every example User-Agent of the list exactly as the list does', () => {
    const { literals, patterns } = crawlerList();
    expect(literals.length + patterns.length).toBe(crawlerUserAgents.length);
    expect(literals.length).toBeGreaterThan(1000);
    const regexes = patterns.map((p) => new RegExp(p));
    const matches = (ua: string) =>
      literals.some((l) => ua.includes(l)) || regexes.some((r) => r.test(ua));
    for (const entry of crawlerUserAgents) {
      for (const ua of entry.instances) expect(matches(ua), ua).toBe(true);
    }
    const browsers = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    ];
    for (const ua of browsers) expect(matches(ua), ua).toBe(false);
  });
});
