// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { destinationProblem, parseLinks } from './links';

const SETTINGS = {
  urls: new Set(['landing.app_store_url']),
  params: new Set(['landing.app_store_ct']),
};

describe('the link registry', () => {
  it('maps each slug to its destinations', () => {
    const links = parseLinks(
      [
        '[sephora]',
        'url = "https://www.sephora.com/"',
        'subid_param = "subid"',
        '',
        '[block-blast]',
        'url = "{{landing.app_store_url}}"',
        'ios = "{{landing.app_store_url}}?ct={{landing.app_store_ct}}"',
        'android = "https://play.google.com/store/apps/details?id=com.block.juggle"',
      ].join('\n'),
      'content/links.toml',
      SETTINGS,
    );
    expect(links.get('sephora')).toEqual({ url: 'https://www.sephora.com/', subid_param: 'subid' });
    expect(links.get('block-blast')?.android).toMatch(/^https:\/\/play\.google\.com\//);
  });

  it.each([
    ['[Sephora]\nurl = "https://www.sephora.com/"', 1, 'a slug is'],
    [`[${'a'.repeat(65)}]\nurl = "https://x.example/"`, 1, 'a slug is'],
    ['[shop]\nurl = "http://shop.example/"', 2, 'is not https'],
    ['[shop]\nurl = "javascript:alert(1)"', 2, 'is not https'],
    ['[shop]\nurl = "https://user:pw@shop.example/"', 2, 'user name'],
    ['[shop]\nurl = "https://shop.example/"\nios = "//evil.example/"', 3, 'not an absolute URL'],
    ['[shop]\nurl = "https://shop.example/a b"', 2, 'cannot carry'],
    ['[shop]\nios = "https://shop.example/"', 1, 'missing url'],
    ['[shop]\nurl = "https://shop.example/"\ncolour = "red"', 3, 'unknown key "colour"'],
    ['[shop]\nurl = "https://shop.example/"\nsubid_param = "a&b"', 3, 'not a query parameter name'],
    ['[shop]\nurl = "{{landing.offer}}"', 2, 'not a url setting'],
    [
      '[shop]\nurl = "{{landing.app_store_url}}?pt={{landing.offer}}"',
      2,
      'not a setting a link can add',
    ],
    [
      '[shop]\nurl = "{{landing.app_store_url}}&ct={{landing.app_store_ct}}"',
      2,
      'is not {{setting}}',
    ],
    ['[shop]\nurl = "{{landing.app_store_url}}/x"', 2, 'is not {{setting}}'],
    ['[shop\nurl = 1', 1, 'not TOML'],
  ])('refuses %j with file:line: reason', (text, line, reason) => {
    expect(() => parseLinks(text, 'content/links.toml', SETTINGS)).toThrow(
      `content/links.toml:${line}: `,
    );
    expect(() => parseLinks(text, 'content/links.toml', SETTINGS)).toThrow(reason);
  });

  it('takes only https destinations with a public host', () => {
    expect(destinationProblem('https://www.eurostar.com/uk-en', SETTINGS)).toBeNull();
    expect(destinationProblem('https://localhost/', SETTINGS)).toMatch(/public host/);
    expect(destinationProblem('ftp://x.example/', SETTINGS)).toMatch(/not https/);
  });
});
