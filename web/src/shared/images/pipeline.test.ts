// @vitest-environment node
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImagePipeline, svgSize, type EncoderSettings } from './pipeline';

describe('svgSize', () => {
  it('reads width/height in px, else the viewBox', () => {
    expect(svgSize('<svg xmlns="x" viewBox="0 0 1200 800" width="1200" height="800">')).toEqual({
      width: 1200,
      height: 800,
    });
    expect(svgSize('<svg viewBox="0 0 300.4 200">')).toEqual({ width: 300, height: 200 });
    expect(svgSize('<svg width="50%" height="10em" viewBox="0,0,64,32">')).toEqual({
      width: 64,
      height: 32,
    });
    expect(svgSize('<svg width="100%">')).toBeNull();
    expect(svgSize('<html>')).toBeNull();
  });
});

/** Small widths and fast settings: the test checks the pipeline, not the encoder. */
const SETTINGS: EncoderSettings = {
  widths: [60, 120],
  avif: { quality: 50, effort: 0 },
  webp: { quality: 70, effort: 0 },
};

const SVG = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 160" width="240" height="160">` +
  `<rect width="240" height="160" fill="#f4d6dc"/><circle cx="120" cy="80" r="50" fill="${fill}"/></svg>`;

describe('ImagePipeline', () => {
  let dir: string;
  const pipeline = (settings = SETTINGS, maxBytes?: number) =>
    new ImagePipeline({
      contentDir: join(dir, 'content'),
      outDir: join(dir, 'web'),
      cacheDir: join(dir, 'cache'),
      sharp,
      settings,
      concurrency: 2,
      ...(maxBytes === undefined ? {} : { maxBytes }),
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wavesites-images-'));
    await mkdir(join(dir, 'content/tts1/images'), { recursive: true });
    await writeFile(join(dir, 'content/tts1/images/1-cover.svg'), SVG('#a8476a'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('plans the files before encoding, from the SVG size', () => {
    const files = pipeline().get('tts1', '1-cover.svg');
    expect(files.width).toBe(240);
    expect(files.height).toBe(160);
    expect(files.files.map((f) => `${f.format} ${f.width}x${f.height}`)).toEqual([
      'avif 60x40',
      'avif 120x80',
      'webp 60x40',
      'webp 120x80',
    ]);
    expect(existsSync(join(dir, 'web'))).toBe(false);
  });

  it('encodes every planned file once, then serves later builds from the cache', async () => {
    const first = pipeline();
    const planned = first.get('tts1', '1-cover.svg');
    const stats = await first.run();
    expect(stats).toMatchObject({ images: 1, files: 4, encoded: 4, cached: 0 });
    for (const f of planned.files) {
      const meta = await sharp(join(dir, 'web', f.url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        f.format === 'avif' ? 'heif' : 'webp',
        f.width,
        f.height,
      ]);
      expect(meta.hasAlpha).toBe(false); // opaque artwork: no alpha plane
    }
    expect(stats.largest!.bytes).toBe(
      Math.max(
        ...(await Promise.all(
          planned.files.map(async (f) => (await stat(join(dir, 'web', f.url))).size),
        )),
      ),
    );

    await rm(join(dir, 'web'), { recursive: true });
    const second = pipeline();
    expect(second.get('tts1', '1-cover.svg')).toEqual(planned);
    expect(await second.run()).toMatchObject({ files: 4, encoded: 0, cached: 4 });
    expect((await readdir(join(dir, 'web/assets'))).sort()).toEqual(
      planned.files.map((f) => f.url.slice('/assets/'.length)).sort(),
    );
  });

  it('gives changed artwork or settings new names', async () => {
    const before = pipeline().get('tts1', '1-cover.svg').files[0]!.url;
    const other = pipeline({ ...SETTINGS, avif: { quality: 40, effort: 0 } });
    expect(other.get('tts1', '1-cover.svg').files[0]!.url).not.toBe(before);
    await writeFile(join(dir, 'content/tts1/images/1-cover.svg'), SVG('#1f6f68'));
    expect(pipeline().get('tts1', '1-cover.svg').files[0]!.url).not.toBe(before);
  });

  it('fails on a missing or unusable SVG, and on a file over the budget', async () => {
    expect(() => pipeline().get('tts1', 'nope.svg')).toThrow(/does not exist/);
    expect(() => pipeline().get('tts1', '../x.svg')).toThrow(/file name/);
    await writeFile(join(dir, 'content/tts1/images/bad.svg'), '<svg width="100%"></svg>');
    expect(() => pipeline().get('tts1', 'bad.svg')).toThrow(/no usable size/);
    const strict = pipeline(SETTINGS, 10);
    strict.get('tts1', '1-cover.svg');
    await expect(strict.run()).rejects.toThrow(/over the 10-byte budget/);
  });
});
