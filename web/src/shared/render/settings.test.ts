// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defineSetting, isUnfilledToken, settingTokens } from './settings';

describe('settings', () => {
  const link = defineSetting('landing.app_store_url', {
    type: 'url',
    default: 'https://a.example/',
  });

  it('gives each setting a token for HTML and one for a JSON string', () => {
    expect(link.html).toBe('{{landing.app_store_url}}');
    expect(link.json).toBe('{{json:landing.app_store_url}}');
  });

  it('refuses a key that is not "table.key" (the config file has no other shape)', () => {
    for (const key of ['landing', 'Landing.url', 'a.b.c', 'landing.app-store', '']) {
      expect(() => defineSetting(key, { type: 'text', default: '' })).toThrow(/table\.key/);
    }
  });

  it('finds the settings a page names, in either kind of token', () => {
    const html = `<a href="${link.html}">x</a><script>{"u":"${link.json}"}</script>{{shop.name}}`;
    expect([...settingTokens(html)].sort()).toEqual(['landing.app_store_url', 'shop.name']);
    expect(settingTokens('<p>{ {not.one} }</p>').size).toBe(0);
  });

  it('tells an unfilled token from a value', () => {
    expect(isUnfilledToken(link.html)).toBe(true);
    expect(isUnfilledToken('https://apps.apple.com/')).toBe(false);
  });
});
