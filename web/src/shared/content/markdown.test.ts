// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseMarkdownArticle } from './markdown';
import type { ArticleRules } from './schema';

const RULES: ArticleRules = { idKind: 'number', dateStyle: 'long', minSections: 2 };
const LINKS = { slugs: new Set(['sephora', 'eurostar']) };

const FRONT = [
  '---',
  'id: 3',
  'title: How to Stack a Cashback Offer',
  'date: March 4, 2025',
  'excerpt: One or two sentences.',
  'image:',
  '  src: 3-cover.svg',
  '  alt: A picture',
  '---',
];

/** An article: front matter, then `body` (its lines start at line FRONT.length + 1). */
const article = (body: string[]) => [...FRONT, ...body].join('\n');
const parse = (text: string) => parseMarkdownArticle(text, 'tts1/articles/3.md', '3', RULES, LINKS);
const GOOD = [
  '',
  '## First part',
  '',
  '![A cart by a till](3-s1.svg)',
  '',
  'A paragraph with *emphasis*, **strong** text and a [shop](go:sephora).',
  'It goes on: a soft break is a space.',
  '',
  '- one item',
  '- two [items](article:5)',
  '',
  '## Second part',
  '',
  '1. first',
  '2. second',
];

describe('an article in Markdown', () => {
  it('has sections from "## " headings, a picture after a heading, paragraphs, lists and links', () => {
    const { article: a, refs } = parse(article(GOOD));
    expect(a).toMatchObject({ id: '3', isoDate: '2025-03-04', excerpt: 'One or two sentences.' });
    expect(a.sections.map((s) => s.heading)).toEqual(['First part', 'Second part']);
    expect(a.sections[0]!.image).toEqual({ src: '3-s1.svg', alt: 'A cart by a till' });
    expect(a.sections[0]!.blocks).toEqual([
      {
        p: [
          'A paragraph with ',
          { em: ['emphasis'] },
          ', ',
          { strong: ['strong'] },
          ' text and a ',
          { go: 'sephora', children: ['shop'] },
          '.',
          ' ',
          'It goes on: a soft break is a space.',
        ],
      },
      { list: 'ul', items: [['one item'], ['two ', { article: '5', children: ['items'] }]] },
    ]);
    expect(a.sections[1]!.blocks).toEqual([{ list: 'ol', items: [['first'], ['second']] }]);
    expect(refs).toEqual([{ id: '5', line: 19 }]);
  });

  it.each([
    [
      'raw HTML',
      ['', '## A', '', 'Text <script>alert(1)</script> here.', '', '## B', '', 'x'],
      13,
      'raw HTML',
    ],
    ['a block of raw HTML', ['', '## A', '', '<div>hi</div>', '', '## B', '', 'x'], 13, 'raw HTML'],
    [
      'an unknown slug',
      ['', '## A', '', 'A [shop](go:nowhere).', '', '## B', '', 'x'],
      13,
      'unknown link slug "nowhere"',
    ],
    [
      'a link to another site',
      ['', '## A', '', 'See [it](https://example.com/).', '', '## B', '', 'x'],
      13,
      'goes through the link registry',
    ],
    [
      'a relative link',
      ['', '## A', '', 'See [it](/home).', '', '## B', '', 'x'],
      13,
      'goes through the link registry',
    ],
    [
      'text before the first heading',
      ['', 'Hello.', '', '## A', '', 'x', '', '## B', '', 'y'],
      11,
      'starts with a "## " heading',
    ],
    [
      'another heading level',
      ['', '## A', '', '### Deeper', '', '## B', '', 'x'],
      13,
      'only "## " headings',
    ],
    [
      'a picture in the middle',
      ['', '## A', '', 'x', '', '![p](3-s1.svg)', '', '## B', '', 'y'],
      15,
      'stands alone on the line after',
    ],
    [
      'a picture inside a paragraph',
      ['', '## A', '', 'x ![p](3-s1.svg) y', '', '## B', '', 'y'],
      13,
      'stands alone',
    ],
    [
      'a picture not in the images folder',
      ['', '## A', '', '![p](https://x.example/p.svg)', '', '## B', '', 'y'],
      13,
      'a file of content/<site>/images/',
    ],
    [
      'a picture with no alternative text',
      ['', '## A', '', '![](3-s1.svg)', '', '## B', '', 'y'],
      13,
      'alternative text',
    ],
    ['a quote', ['', '## A', '', '> said', '', '## B', '', 'y'], 13, 'blockquote'],
    ['code', ['', '## A', '', '```', 'x', '```', '', '## B', '', 'y'], 13, 'fence'],
    [
      'a script link',
      ['', '## A', '', '[x](javascript:alert(1))', '', '## B', '', 'y'],
      13,
      'not "javascript:alert(1)"',
    ],
    [
      'a data link',
      ['', '## A', '', '[x](data:text/html,hi)', '', '## B', '', 'y'],
      13,
      'link registry',
    ],
  ])('refuses %s with file:line: reason', (_, body, line, reason) => {
    expect(() => parse(article(body as string[]))).toThrow(`tts1/articles/3.md:${line}: `);
    expect(() => parse(article(body as string[]))).toThrow(reason as string);
  });

  it('refuses bad front matter at its line', () => {
    const broken = [...FRONT];
    broken[3] = 'date: February 30, 2025';
    expect(() => parse([...broken, ...GOOD].join('\n'))).toThrow(
      'tts1/articles/3.md:4: date: expected a date like January 13, 2025',
    );
    const yaml = [...FRONT];
    yaml[2] = 'title: [not closed';
    expect(() => parse([...yaml, ...GOOD].join('\n'))).toThrow(
      /^tts1\/articles\/3\.md:[34]: front matter: /,
    );
    expect(() => parse(['id: 3', ...GOOD].join('\n'))).toThrow(
      'tts1/articles/3.md:1: an article starts with "---"',
    );
    const unknown = [...FRONT];
    unknown.splice(5, 0, 'author: Me');
    expect(() => parse([...unknown, ...GOOD].join('\n'))).toThrow(
      'tts1/articles/3.md:6: author: unknown field',
    );
    expect(() => parse(article(GOOD.slice(0, 11)))).toThrow(
      /3\.md:10: expected at least 2 sections/,
    );
  });

  it('refuses a picture the blog does not have, at its line', () => {
    const only = (present: string[]) => ({
      ...LINKS,
      hasPicture: (src: string) => present.includes(src),
    });
    const text = article(GOOD);
    const check = (present: string[]) => () =>
      parseMarkdownArticle(text, 'tts1/articles/3.md', '3', RULES, only(present));
    expect(check(['3-cover.svg'])).toThrow(
      "tts1/articles/3.md:13: the picture 3-s1.svg is not in the blog's images/ folder",
    );
    expect(check(['3-s1.svg'])).toThrow(
      "tts1/articles/3.md:6: image.src: the picture 3-cover.svg is not in the blog's images/ folder",
    );
    expect(check(['3-cover.svg', '3-s1.svg'])).not.toThrow();
  });
});
