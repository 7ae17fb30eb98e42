import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImageRef } from '../content/schema';
import { plannedImages } from '../images/image-registry';
import { BlogArticle } from './blog-article';

describe('BlogArticle', () => {
  const article = {
    id: '1',
    title: 'A title',
    date: 'January 13, 2025',
    isoDate: '2025-01-13',
    excerpt: '',
    image: { src: 'cover.svg', alt: 'Cover' },
    sections: [
      { heading: 'One', image: { src: 'one.svg', alt: 'One' }, blocks: [{ p: ['Text'] }] },
    ],
  };
  const images = (ref: ImageRef) => ({
    alt: ref.alt,
    ...plannedImages().get('tts1', ref.src),
  });
  const classes = { page: 'page', cover: 'cover', figure: 'figure', title: 'title' };

  it('loads the cover first and eagerly, with its own sizes', () => {
    const { container } = render(
      <BlogArticle
        article={article}
        classes={classes}
        images={images}
        sizes={{ cover: '100vw', section: '50vw' }}
      />,
    );
    const [cover, figure] = [...container.querySelectorAll('picture')];
    // Each part has the engine's class (drawn from the theme's tokens), then the theme's own.
    const own = (el: Element | null | undefined) => el?.className.split(' ');
    expect(own(container.firstElementChild)).toEqual([expect.stringMatching(/_page_/), 'page']);
    expect(own(cover)).toEqual([expect.stringMatching(/_cover_/), 'cover']);
    expect(cover?.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(cover?.querySelector('source')?.getAttribute('sizes')).toBe('100vw');
    expect(own(figure)).toEqual([expect.stringMatching(/_figure_/), 'figure']);
    expect(figure?.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(figure?.querySelector('source')?.getAttribute('sizes')).toBe('50vw');
  });

  it('renders an empty page box for the empty article', () => {
    const { container } = render(
      <BlogArticle article={undefined} classes={classes} images={images} sizes="100vw" />,
    );
    expect(container.innerHTML).toMatch(/^<div class="_page_\w+ page"><\/div>$/);
  });

  it("marks a draft and an article still to come with the preview's band, and no other", () => {
    const band = (a: typeof article & { preview?: 'draft' | 'scheduled'; publishAt?: number }) =>
      render(
        <BlogArticle article={a} classes={classes} images={images} sizes="100vw" />,
      ).container.querySelector('[role="note"]')?.textContent ?? null;
    expect(band(article)).toBeNull();
    expect(band({ ...article, preview: 'draft' })).toBe(
      'Draft only the preview shows this article',
    );
    expect(
      band({ ...article, preview: 'scheduled', publishAt: Date.UTC(2026, 11, 24, 9, 30) }),
    ).toBe('Scheduled goes live 2026-12-24 09:30 UTC');
  });
});
