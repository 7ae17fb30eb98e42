import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type sharpModule from 'sharp';
import { planFiles, type ImageFiles, type ImageRegistry } from './image-registry';
import { IMAGE_WIDTHS, type ImageFile, type ImageFormat } from './responsive-image';

/**
 * The build's image pipeline (Node only, used by the prerender): rasterises content SVGs with
 * sharp (librsvg) at every width of IMAGE_WIDTHS and encodes each to AVIF and WebP.
 *
 * - Planning is synchronous and cheap (`get`): read the SVG, find its intrinsic size, hash it
 *   together with the encoder settings and library versions. The file names (and so the page
 *   markup) are known before anything is encoded.
 * - Encoding (`run`) happens once per hash: every encoded file is kept in the cache directory
 *   under its hash, and a later build only copies it into assets/. A changed SVG, setting or
 *   library version gives a new hash, hence a new immutable URL.
 */

type Sharp = typeof sharpModule;

export interface EncoderSettings {
  readonly widths: readonly number[];
  /** AVIF (aom): quality 1-100; effort 0 (fastest) to 9. */
  readonly avif: { readonly quality: number; readonly effort: number };
  /** WebP: quality 1-100; effort 0 (fastest) to 6. */
  readonly webp: { readonly quality: number; readonly effort: number };
}

/**
 * Chosen by measurement on 2 cores (163 pieces of artwork, three widths, two formats). AVIF
 * effort 1 at quality 56 encodes about 2.5 times faster than effort 2 at quality 52, for the same
 * look on this flat vector artwork (effort 1 needs the higher quality to keep edges clean) and
 * about a quarter more bytes; effort 4 would save another 10% of the bytes at five to ten times
 * the time. The largest file stays far under the 120 KB budget, and a cold build stays well
 * inside its 3 minutes even while the machine is busy with other builds.
 */
export const DEFAULT_SETTINGS: EncoderSettings = {
  widths: IMAGE_WIDTHS,
  avif: { quality: 56, effort: 1 },
  webp: { quality: 78, effort: 4 },
};

/** Bump when the way files are produced changes in a way the settings do not capture. */
const PIPELINE_VERSION = 1;

export interface PipelineOptions {
  readonly contentDir: string;
  /** build/<dir>/web: files go to its assets/. */
  readonly outDir: string;
  readonly cacheDir: string;
  readonly sharp: Sharp;
  readonly settings?: EncoderSettings;
  /**
   * Rasterise-and-encode jobs run at once; default: twice the number of CPUs. Each job is one
   * image at one width, and its phases (librsvg, then each encoder) leave a core idle now and
   * then: on 2 cores, 4 jobs encoded every image in 61 s where 2 jobs took 69 s.
   */
  readonly concurrency?: number;
  /** Fail the build when any encoded file is larger than this. */
  readonly maxBytes?: number;
}

export interface PipelineStats {
  readonly images: number;
  readonly files: number;
  readonly encoded: number;
  readonly cached: number;
  readonly bytes: number;
  readonly largest: { readonly file: string; readonly bytes: number } | null;
  readonly ms: number;
}

interface Job {
  readonly site: string;
  readonly src: string;
  readonly svg: Buffer;
  readonly hash: string;
  readonly planned: ImageFiles;
}

/** The intrinsic size of an SVG: its width/height attributes in px, else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (root === undefined) return null;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(root)?.[1];
  const px = (v: string | undefined) => {
    const m = v === undefined ? null : /^\s*([0-9]+(?:\.[0-9]+)?)\s*(?:px)?\s*$/.exec(v);
    return m ? Math.round(Number(m[1])) : null;
  };
  const width = px(attr('width'));
  const height = px(attr('height'));
  if (width && height) return { width, height };
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  }
  return null;
}

function hasTransparency(raw: Buffer, channels: number): boolean {
  if (channels !== 2 && channels !== 4) return false;
  for (let i = channels - 1; i < raw.length; i += channels) if (raw[i] !== 255) return true;
  return false;
}

export class ImagePipeline implements ImageRegistry {
  private readonly jobs = new Map<string, Job>();
  private readonly done = new Set<string>();
  private readonly settings: EncoderSettings;
  private readonly versionKey: string;
  private stats = { encoded: 0, cached: 0, ms: 0 };
  private readonly sizes = new Map<string, number>();

  constructor(private readonly options: PipelineOptions) {
    this.settings = options.settings ?? DEFAULT_SETTINGS;
    const v = options.sharp.versions as Record<string, string | undefined>;
    this.versionKey = JSON.stringify({
      pipeline: PIPELINE_VERSION,
      sharp: v.sharp,
      vips: v.vips,
      rsvg: v.rsvg,
      aom: v.aom,
      heif: v.heif,
      webp: v.webp,
      settings: this.settings,
    });
  }

  get(site: string, src: string): ImageFiles {
    const key = `${site}/${src}`;
    const known = this.jobs.get(key);
    if (known) return known.planned;
    if (src.includes('/') || src.includes('\\') || src.startsWith('.')) {
      throw new Error(`image "${src}": expected a file name in content/${site}/images/`);
    }
    const file = join(this.options.contentDir, site, 'images', src);
    if (!existsSync(file)) throw new Error(`image "${src}": content/${key} does not exist`);
    const svg = readFileSync(file);
    const size = svgSize(svg.toString('utf8'));
    if (size === null) throw new Error(`image "${src}": content/${key} has no usable size`);
    const hash = createHash('sha256')
      .update(this.versionKey)
      .update('\0')
      .update(svg)
      .digest('hex');
    const planned = planFiles(site, src, size.width, size.height, hash, this.settings.widths);
    this.jobs.set(key, { site, src, svg, hash, planned });
    return planned;
  }

  /** Encodes (or takes from the cache) every file planned so far and puts it into assets/. */
  async run(): Promise<PipelineStats> {
    const started = performance.now();
    const pending = [...this.jobs.entries()].filter(([key]) => !this.done.has(key));
    // One unit of work: one image at one width, both formats (one rasterisation).
    const units = pending.flatMap(([key, job]) =>
      [...new Set(job.planned.files.map((f) => f.width))].map((width) => ({
        key,
        job,
        width,
        files: job.planned.files.filter((f) => f.width === width),
      })),
    );
    const workers = Math.max(1, this.options.concurrency ?? 2 * availableParallelism());
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(workers, units.length) }, async () => {
        while (next < units.length) {
          const unit = units[next++]!;
          await this.produce(unit.job, unit.width, unit.files);
        }
      }),
    );
    for (const [key] of pending) this.done.add(key);
    this.stats.ms += performance.now() - started;

    let largest: PipelineStats['largest'] = null;
    let bytes = 0;
    for (const [file, size] of this.sizes) {
      bytes += size;
      if (largest === null || size > largest.bytes) largest = { file, bytes: size };
    }
    const max = this.options.maxBytes;
    if (max !== undefined) {
      const over = [...this.sizes].filter(([, size]) => size > max);
      if (over.length > 0) {
        throw new Error(
          `images over the ${max}-byte budget: ${over.map(([f, s]) => `${f} (${s})`).join(', ')}`,
        );
      }
    }
    return {
      images: this.jobs.size,
      files: this.sizes.size,
      encoded: this.stats.encoded,
      cached: this.stats.cached,
      bytes,
      largest,
      ms: Math.round(this.stats.ms),
    };
  }

  private cachePath(job: Job, file: ImageFile): string {
    return join(
      this.options.cacheDir,
      job.hash.slice(0, 2),
      `${job.hash}-${file.width}.${file.format}`,
    );
  }

  private async produce(job: Job, width: number, files: readonly ImageFile[]): Promise<void> {
    const missing = files.filter((f) => !existsSync(this.cachePath(job, f)));
    if (missing.length > 0) {
      const height = files[0]!.height;
      const density = (72 * width) / job.planned.width;
      const { data, info } = await this.options
        .sharp(job.svg, { density })
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const opaque = !hasTransparency(data, info.channels);
      for (const file of missing) {
        let image = this.options.sharp(data, {
          raw: { width: info.width, height: info.height, channels: info.channels },
        });
        if (opaque && info.channels === 4) image = image.removeAlpha();
        const encoded = await this.encode(image, file.format);
        await cacheWrite(this.cachePath(job, file), encoded);
        this.stats.encoded++;
      }
    }
    this.stats.cached += files.length - missing.length;
    await Promise.all(
      files.map(async (file) => {
        const to = join(this.options.outDir, file.url.slice(1));
        this.sizes.set(file.url, await copyOnce(this.cachePath(job, file), to));
      }),
    );
  }

  private encode(image: ReturnType<Sharp>, format: ImageFormat): Promise<Buffer> {
    const s = this.settings;
    return format === 'avif'
      ? image.avif({ quality: s.avif.quality, effort: s.avif.effort }).toBuffer()
      : image.webp({ quality: s.webp.quality, effort: s.webp.effort }).toBuffer();
  }
}

/**
 * Copies `from` to `to` unless `to` is already that file, and gives its size. A file's name
 * carries a hash of what it was made from, so a file of the same name and size is the same: a
 * rebuild into the same directory (the preview's) copies only what is new.
 */
export async function copyOnce(from: string, to: string): Promise<number> {
  const size = (await stat(from)).size;
  const there = await stat(to).catch(() => null);
  if (there?.size !== size) {
    await mkdir(dirname(to), { recursive: true });
    await copyFile(from, to);
  }
  return size;
}

/**
 * Puts `data` into the image cache at `file`, whole or not at all: written beside it, then
 * renamed, so a build stopped halfway, or another build at the same time, never reads half a file.
 */
export async function cacheWrite(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
