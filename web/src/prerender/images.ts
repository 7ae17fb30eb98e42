import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type sharpModule from 'sharp';
import { ImagePipeline, type PipelineStats } from '../shared/images/pipeline';

/** Budget: no image of a blog page may be larger than this. */
export const MAX_IMAGE_BYTES = 120 * 1024;

/**
 * sharp is a native module, so it is not bundled into the prerender (which runs from build/,
 * where web/node_modules cannot be resolved): it is loaded from web/ at run time.
 */
export function loadSharp(webDir: string): typeof sharpModule {
  return createRequire(join(webDir, 'package.json'))('sharp') as typeof sharpModule;
}

/** Where encoded images are cached: WAVESITES_IMAGE_CACHE, else build/<dir>/image-cache. */
export function imageCacheDir(webDir: string, buildDir: string): string {
  const cache = process.env.WAVESITES_IMAGE_CACHE;
  return cache ? resolve(webDir, cache) : join(buildDir, 'image-cache');
}

/**
 * The blogs' image pipeline for this build.
 *
 * The encoded files are cached in build/<dir>/image-cache (WAVESITES_IMAGE_CACHE to share one
 * cache between build directories); WAVESITES_IMAGE_JOBS sets how many images encode at once.
 */
export function createImagePipeline(options: {
  webDir: string;
  buildDir: string;
  outDir: string;
  contentDir: string;
}): ImagePipeline {
  const sharp = loadSharp(options.webDir);
  const jobs = Number(process.env.WAVESITES_IMAGE_JOBS ?? '');
  return new ImagePipeline({
    contentDir: options.contentDir,
    outDir: options.outDir,
    cacheDir: imageCacheDir(options.webDir, options.buildDir),
    sharp,
    maxBytes: MAX_IMAGE_BYTES,
    ...(Number.isInteger(jobs) && jobs > 0 ? { concurrency: jobs } : {}),
  });
}

export function describeImages(stats: PipelineStats): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return (
    `images: ${stats.images} SVGs -> ${stats.files} files (${stats.encoded} encoded, ` +
    `${stats.cached} from the cache) in ${stats.ms} ms, ${kb(stats.bytes)} in all, largest ` +
    `${stats.largest ? `${kb(stats.largest.bytes)} (${stats.largest.file})` : 'none'}`
  );
}
