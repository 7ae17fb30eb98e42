// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDirFromEnv } from '../content/load-content';
import { loadBlogConfigs, parseBlogConfig } from './blog-config';

const MINIMAL = `
brand = "Tideline Kitchen"
tagline = "Coastal cooking"
welcome = "coastal cooking for small kitchens"
description = "Simple fish and market vegetables."
`;

describe('site.toml', () => {
  it('gives a blog its words and rules, with the defaults for what it leaves out', () => {
    const blog = parseBlogConfig('tide', MINIMAL, 'content/tide/site.toml');
    expect(blog).toEqual({
      site: 'tide',
      theme: 'journal',
      blog: {
        BRAND: 'Tideline Kitchen',
        ARTICLE_RULES: { idKind: 'string', dateStyle: 'long', minSections: 1 },
        HOME_TITLE: 'Tideline Kitchen',
        HOME_DESCRIPTION: 'Simple fish and market vegetables.',
        PREFETCH_ARTICLES: 4,
      },
      tagline: 'Coastal cooking',
      welcome: 'coastal cooking for small kitchens',
      articlePath: 'article-detail',
      homeCards: undefined,
      tabs: [],
      themeColor: '#1f6f68',
      colours: {},
    });
    const coloured = parseBlogConfig(
      'tide',
      `${MINIMAL}home_cards = 2\n[colours]\naccent = "#0F6D7A"\n`,
      'site.toml',
    );
    expect([coloured.colours, coloured.themeColor, coloured.blog.PREFETCH_ARTICLES]).toEqual([
      { accent: '#0f6d7a' },
      '#0f6d7a',
      2,
    ]);
  });

  it('names the file, the key or the line of every mistake', () => {
    const problem = (text: string, site = 'tide') => {
      try {
        parseBlogConfig(site, text, 'content/tide/site.toml');
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problem(`${MINIMAL}theme = "glossy"`)).toBe(
      'content/tide/site.toml: theme: expected one of journal, notebook, glow, deals, shop',
    );
    expect(problem(`${MINIMAL}[[tabs]]\npage = "privacy"\nlabel = "P"`)).toMatch(
      /tabs\[0\]\.page: "privacy" cannot be a page's name/,
    );
    expect(problem(`${MINIMAL}[[tabs]]\npage = "france"\nlabel = "FRANCE"`)).toMatch(
      /tabs\[0\]\.title: expected some text/,
    );
    expect(problem(`${MINIMAL}[colours]\npaper = "white"`)).toBe(
      'content/tide/site.toml: colours.paper: expected #rrggbb',
    );
    expect(problem(`${MINIMAL}[colours]\nsky = "#ffffff"`)).toMatch(/colours\.sky: not a colour/);
    expect(problem(`${MINIMAL}colour = "#ffffff"`)).toMatch(/: colour: not a key of site\.toml/);
    expect(problem(MINIMAL.replace('brand = "Tideline Kitchen"', ''))).toBe(
      'content/tide/site.toml: brand: expected some text',
    );
    expect(problem(`${MINIMAL}home_cards = 0`)).toMatch(/home_cards: expected a whole number/);
    expect(problem(`${MINIMAL}id_kind = "uuid"`)).toMatch(
      /id_kind: expected one of number, string/,
    );
    expect(problem(`brand = "x"\ntagline = `)).toMatch(/^content\/tide\/site\.toml:2: /);
    expect(problem(MINIMAL, 'Tide')).toMatch(/"Tide" is not a site name/);
  });

  it('reads the tabs: the home page, and pages of the theme with their words', () => {
    const blog = parseBlogConfig(
      'tide',
      `${MINIMAL}[[tabs]]\npage = "home"\nlabel = "HOME"\n[[tabs]]\npage = "france"\nlabel = "FRANCE"\ntitle = "France"\ndescription = "Rows."\n`,
      'site.toml',
    );
    expect(blog.tabs).toEqual([
      { page: 'home', label: 'HOME' },
      { page: 'france', label: 'FRANCE', heading: 'FRANCE', title: 'France', description: 'Rows.' },
    ]);
  });

  it('refuses a folder of articles without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wavesites-blogs-'));
    mkdirSync(join(dir, 'tide/articles'), { recursive: true });
    expect(() => loadBlogConfigs(dir)).toThrow(/^content\/tide: articles\/ but no site\.toml/);
    rmSync(dir, { recursive: true });
  });

  it('is read from every content folder that has one', () => {
    // The five blogs are data: each a site.toml in one of the five themes.
    expect(loadBlogConfigs(contentDirFromEnv()).map((b) => [b.site, b.theme])).toEqual([
      ['kuponz1', 'deals'],
      ['kuponz2', 'shop'],
      ['tts1', 'glow'],
      ['tts2', 'journal'],
      ['tts3', 'notebook'],
    ]);
  });
});
