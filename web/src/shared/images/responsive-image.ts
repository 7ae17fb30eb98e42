/**
 * Responsive images: what the prerendered markup needs to know about an image that the build
 * rasterised from a content SVG (src/shared/images/pipeline.ts) — its intrinsic size and one
 * file per width and format — and the pure logic that turns it into `srcset`, `sizes` and the
 * fallback `src`. No Node, no sharp: this runs inside the React render and in unit tests.
 */

/** The formats the build encodes, best first: the order of the `<source>` elements. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const MIME_TYPES: Readonly<Record<ImageFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

/**
 * Widths rendered for every image. 480 serves phone thumbnails and list cards; 800 a phone at
 * 2x or a desktop column; 1200 (the artwork's own width) a detail page on a wide or dense screen.
 */
export const IMAGE_WIDTHS: readonly number[] = [480, 800, 1200];

/** The width the plain `<img src>` points at, for browsers that ignore `<source>`. */
export const FALLBACK_WIDTH = 800;

export interface ImageFile {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  /** Absolute URL path, e.g. /assets/tts1-1-cover-800w-3f2a1b9c0d.webp. */
  readonly url: string;
}

/** An image as a page uses it: its files, its intrinsic size and its alternative text. */
export interface ResponsiveImage {
  readonly alt: string;
  /** Intrinsic size (the largest file's), for the `width`/`height` attributes: no layout shift. */
  readonly width: number;
  readonly height: number;
  readonly files: readonly ImageFile[];
}

/**
 * The widths to render for an image whose intrinsic width is `intrinsic`: every standard width
 * that does not upscale it, and the intrinsic width itself when it is narrower than all of
 * them, so there is always at least one file and none is blown up.
 */
export function widthsFor(intrinsic: number, widths: readonly number[] = IMAGE_WIDTHS): number[] {
  if (!Number.isInteger(intrinsic) || intrinsic < 1) {
    throw new Error(`invalid intrinsic width ${intrinsic}`);
  }
  const fit = [...new Set(widths)].filter((w) => w <= intrinsic).sort((a, b) => a - b);
  return fit.length > 0 ? fit : [intrinsic];
}

/** The height that keeps the aspect ratio at `width` (rounded, never 0). */
export function heightAt(width: number, intrinsicWidth: number, intrinsicHeight: number): number {
  return Math.max(1, Math.round((width * intrinsicHeight) / intrinsicWidth));
}

/** The files of one format, narrowest first. */
export function filesOf(image: ResponsiveImage, format: ImageFormat): ImageFile[] {
  return image.files.filter((f) => f.format === format).sort((a, b) => a.width - b.width);
}

/** `srcset` for one format: "url 480w, url 800w, url 1200w". */
export function srcset(image: ResponsiveImage, format: ImageFormat): string {
  return filesOf(image, format)
    .map((f) => `${f.url} ${f.width}w`)
    .join(', ');
}

/**
 * The `<img src>` file: the last format (the most widely supported), at the narrowest width
 * that is at least FALLBACK_WIDTH, else the widest there is.
 */
export function fallbackFile(image: ResponsiveImage): ImageFile {
  const format = IMAGE_FORMATS[IMAGE_FORMATS.length - 1]!;
  const files = filesOf(image, format);
  const file = files.find((f) => f.width >= FALLBACK_WIDTH) ?? files.at(-1);
  if (file === undefined) throw new Error(`image "${image.alt}" has no ${format} file`);
  return file;
}

/** One entry of `sizes`: the slot width `size` (a CSS length) when `media` matches. */
export interface SizeRule {
  /** A media condition, e.g. "(max-width: 700px)"; omitted on the last, default rule. */
  readonly media?: string;
  readonly size: string;
}

/**
 * Builds a `sizes` attribute. The rules are tried in order, so every rule but the last needs a
 * media condition, and the last must have none (it is the default).
 */
export function sizesAttr(rules: readonly SizeRule[]): string {
  if (rules.length === 0) throw new Error('sizes needs at least one rule');
  rules.forEach((rule, i) => {
    const last = i === rules.length - 1;
    if (rule.size.trim() === '') throw new Error('an empty size in sizes');
    if (last && rule.media !== undefined) {
      throw new Error(`the last rule of sizes must have no media condition (${rule.media})`);
    }
    if (!last && (rule.media === undefined || !/^\(.*\)$/.test(rule.media.trim()))) {
      throw new Error(`sizes rule ${i + 1} needs a media condition in parentheses`);
    }
  });
  return rules.map((r) => (r.media === undefined ? r.size : `${r.media} ${r.size}`)).join(', ');
}

/**
 * The hashed file name of one encoded file, under assets/: `<site>-<name>-<width>w-<hash>.<ext>`,
 * where `hash` identifies the source SVG and the encoder settings. The name changes whenever the
 * bytes can change, so the file is served as immutable.
 */
export function imageFileName(
  site: string,
  src: string,
  width: number,
  format: ImageFormat,
  hash: string,
): string {
  const base = src
    .replace(/\.svg$/i, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .toLowerCase();
  if (!/^[0-9a-f]{10,}$/.test(hash)) throw new Error(`invalid image hash "${hash}"`);
  return `assets/${site}-${base}-${width}w-${hash.slice(0, 10)}.${format}`;
}
