import { readFile, stat, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like files get a .br and a .gz beside them (docs/manifest.md). */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
export const MIN_COMPRESS_BYTES = 256;

export function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(file)) && size >= MIN_COMPRESS_BYTES;
}

/**
 * Writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9), each only when smaller
 * than the file. Returns the files written.
 */
export async function precompress(file: string): Promise<string[]> {
  const { size } = await stat(file);
  if (!isCompressible(file, size)) return [];
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  const written: string[] = [];
  if (br.length < size) {
    await writeFile(`${file}.br`, br);
    written.push(`${file}.br`);
  }
  if (gzipped.length < size) {
    await writeFile(`${file}.gz`, gzipped);
    written.push(`${file}.gz`);
  }
  return written;
}
