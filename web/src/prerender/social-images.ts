/**
 * The build's link-preview pictures (src/shared/seo/social-image.ts): an SVG rasterised with
 * sharp, cover-cropped to 1200 x 630 and encoded to JPEG. Planned when a page asks (the name
 * carries a hash of the SVG and the settings, so the markup is known at once), encoded by run(),
 * each once: the encoded file is cached under its hash like the other images.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheWrite, copyOnce } from '../shared/images/pipeline';
import type sharpModule from 'sharp';
import {
  SOCIAL_HEIGHT,
  SOCIAL_WIDTH,
  socialFileUrl,
  type SocialImage,
  type SocialImages,
} from '../shared/seo/social-image';

/** JPEG at quality 84 with mozjpeg: flat artwork stays clean well under 100 KB. */
const JPEG = { quality: 84, mozjpeg: true } as const;
const VERSION = 1;

interface Job {
  readonly svg: Buffer;
  readonly url: string;
  readonly hash: string;
}

export class SocialImagePipeline implements SocialImages {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly options: {
      readonly sharp: typeof sharpModule;
      readonly contentDir: string;
      /** Where `site`'s card.svg is (its code's folder, or its content's for a blog of data). */
      readonly cardFile: (site: string) => string;
      readonly outDir: string;
      readonly cacheDir: string;
    },
  ) {}

  fromContent(site: string, src: string, alt: string): SocialImage {
    return this.plan(site, src, join(this.options.contentDir, site, 'images', src), alt);
  }

  card(site: string, alt: string): SocialImage {
    return this.plan(site, 'card', this.options.cardFile(site), alt);
  }

  /** Encodes (or takes from the cache) every picture planned so far into assets/. */
  async run(): Promise<number> {
    for (const job of this.jobs.values()) {
      const cached = join(this.options.cacheDir, 'og', `${job.hash}.jpg`);
      if (!existsSync(cached)) {
        const jpeg = await this.options
          .sharp(job.svg, { density: 144 })
          .resize(SOCIAL_WIDTH, SOCIAL_HEIGHT, { fit: 'cover', position: 'centre' })
          .flatten({ background: '#ffffff' })
          .jpeg(JPEG)
          .toBuffer();
        await cacheWrite(cached, jpeg);
      }
      await copyOnce(cached, join(this.options.outDir, job.url.slice(1)));
    }
    return this.jobs.size;
  }

  private plan(site: string, name: string, file: string, alt: string): SocialImage {
    let job = this.jobs.get(file);
    if (job === undefined) {
      if (!existsSync(file)) throw new Error(`link-preview picture: ${file} does not exist`);
      const svg = readFileSync(file);
      const hash = createHash('sha256')
        .update(JSON.stringify({ VERSION, JPEG, w: SOCIAL_WIDTH, h: SOCIAL_HEIGHT }))
        .update(svg)
        .digest('hex');
      job = { svg, hash, url: socialFileUrl(site, name, hash) };
      this.jobs.set(file, job);
    }
    return { url: job.url, width: SOCIAL_WIDTH, height: SOCIAL_HEIGHT, type: 'image/jpeg', alt };
  }
}
