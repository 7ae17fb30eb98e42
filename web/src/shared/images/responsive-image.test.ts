// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planFiles, plannedImages } from './image-registry';
import {
  fallbackFile,
  filesOf,
  heightAt,
  imageFileName,
  sizesAttr,
  srcset,
  widthsFor,
  type ResponsiveImage,
} from './responsive-image';

const HASH = '0123456789abcdef0123456789abcdef';

describe('widthsFor', () => {
  it('renders every standard width that does not upscale', () => {
    expect(widthsFor(1200)).toEqual([480, 800, 1200]);
    expect(widthsFor(2400)).toEqual([480, 800, 1200]);
    expect(widthsFor(1000)).toEqual([480, 800]);
  });

  it('keeps a small image at its own width', () => {
    expect(widthsFor(300)).toEqual([300]);
  });

  it('sorts and dedupes custom widths, and rejects a bad intrinsic width', () => {
    expect(widthsFor(1000, [800, 100, 800, 400])).toEqual([100, 400, 800]);
    expect(() => widthsFor(0)).toThrow();
    expect(() => widthsFor(12.5)).toThrow();
  });
});

describe('heightAt', () => {
  it('keeps the aspect ratio, rounded', () => {
    expect(heightAt(480, 1200, 800)).toBe(320);
    expect(heightAt(800, 1200, 800)).toBe(533);
    expect(heightAt(1, 1200, 800)).toBe(1);
  });
});

describe('planFiles, srcset and the fallback', () => {
  const files = planFiles('tts1', '3-cover.svg', 1200, 800, HASH);
  const image: ResponsiveImage = { alt: 'A jar', ...files };

  it('plans one file per format and width, with hashed immutable names', () => {
    expect(image.width).toBe(1200);
    expect(image.height).toBe(800);
    expect(image.files).toHaveLength(6);
    expect(filesOf(image, 'avif').map((f) => [f.width, f.height])).toEqual([
      [480, 320],
      [800, 533],
      [1200, 800],
    ]);
    expect(filesOf(image, 'webp')[0]!.url).toBe('/assets/tts1-3-cover-480w-0123456789.webp');
  });

  it('lists every width of a format in srcset, narrowest first', () => {
    expect(srcset(image, 'avif')).toBe(
      '/assets/tts1-3-cover-480w-0123456789.avif 480w, ' +
        '/assets/tts1-3-cover-800w-0123456789.avif 800w, ' +
        '/assets/tts1-3-cover-1200w-0123456789.avif 1200w',
    );
    expect(srcset(image, 'webp')).toContain('/assets/tts1-3-cover-1200w-0123456789.webp 1200w');
  });

  it('falls back to the 800px WebP, or the widest there is', () => {
    expect(fallbackFile(image).url).toBe('/assets/tts1-3-cover-800w-0123456789.webp');
    const small: ResponsiveImage = { alt: 'x', ...planFiles('tts1', 'a.svg', 600, 400, HASH) };
    expect(fallbackFile(small)).toMatchObject({ format: 'webp', width: 480 });
    expect(() => fallbackFile({ alt: 'none', width: 1, height: 1, files: [] })).toThrow(/no webp/);
  });

  it('derives stable names for tests without reading any file', () => {
    const a = plannedImages().get('kuponz2', 'france-1.svg');
    expect(a).toEqual(plannedImages().get('kuponz2', 'france-1.svg'));
    expect(a.files[0]!.url).toMatch(/^\/assets\/kuponz2-france-1-480w-[0-9a-f]{10}\.avif$/);
  });
});

describe('sizesAttr', () => {
  it('joins media conditions and slot sizes, default last', () => {
    expect(
      sizesAttr([
        { media: '(max-width: 640px)', size: 'calc(100vw - 36px)' },
        { media: '(max-width: 1500px)', size: '300px' },
        { size: '20vw' },
      ]),
    ).toBe('(max-width: 640px) calc(100vw - 36px), (max-width: 1500px) 300px, 20vw');
    expect(sizesAttr([{ size: '680px' }])).toBe('680px');
  });

  it('rejects a default that is not last, a rule without media, or an empty list', () => {
    expect(() => sizesAttr([])).toThrow();
    expect(() => sizesAttr([{ size: '100vw' }, { size: '50vw' }])).toThrow(/media condition/);
    expect(() => sizesAttr([{ media: '(min-width: 1px)', size: '1px' }])).toThrow(/last rule/);
    expect(() => sizesAttr([{ media: 'max-width: 5px', size: '1px' }, { size: '2px' }])).toThrow(
      /parentheses/,
    );
    expect(() => sizesAttr([{ size: ' ' }])).toThrow(/empty/);
  });
});

describe('imageFileName', () => {
  it('slugs the source name and keeps ten characters of the hash', () => {
    expect(imageFileName('tts2', 'My_Photo.SVG', 800, 'avif', HASH)).toBe(
      'assets/tts2-my-photo-800w-0123456789.avif',
    );
    expect(() => imageFileName('tts2', 'a.svg', 800, 'avif', 'xyz')).toThrow(/hash/);
  });
});
