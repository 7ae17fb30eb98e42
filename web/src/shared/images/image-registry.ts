import {
  heightAt,
  IMAGE_FORMATS,
  imageFileName,
  widthsFor,
  type ImageFile,
} from './responsive-image';

/** An image's files and intrinsic size, before a page gives it its alternative text. */
export interface ImageFiles {
  readonly width: number;
  readonly height: number;
  readonly files: readonly ImageFile[];
}

/**
 * Where the sites get their images from at build time: the prerender passes the pipeline
 * (pipeline.ts), which plans the files when asked and encodes them afterwards; unit tests pass
 * `plannedImages`, which only computes the names.
 */
export interface ImageRegistry {
  /** The files for content/<site>/images/<src>. Throws when that SVG does not exist or is invalid. */
  get(site: string, src: string): ImageFiles;
}

/** The files of an image of intrinsic size `width` x `height` whose source hashes to `hash`. */
export function planFiles(
  site: string,
  src: string,
  width: number,
  height: number,
  hash: string,
  widths?: readonly number[],
): ImageFiles {
  const files = IMAGE_FORMATS.flatMap((format) =>
    widthsFor(width, widths).map((w) => ({
      format,
      width: w,
      height: heightAt(w, width, height),
      url: `/${imageFileName(site, src, w, format, hash)}`,
    })),
  );
  return { width, height, files };
}

/**
 * A registry that reads nothing: every image is 1200 x 800 (the artwork's size) with a hash
 * derived from its name. For rendering tests, where content fixtures name images that do not exist.
 */
export function plannedImages(): ImageRegistry {
  return {
    get(site, src) {
      let h = 0x811c9dc5;
      for (const c of `${site}/${src}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
      return planFiles(site, src, 1200, 800, h.toString(16).padStart(8, '0').repeat(2));
    },
  };
}
