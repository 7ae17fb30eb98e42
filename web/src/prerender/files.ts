/** File helpers of the prerender: everything it writes goes under OUT_DIR. */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { OUT_DIR, SSR_DIR } from './paths';
import type { ViteManifest } from './vite-manifest';

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** The client build leaves its manifest in build/web/.vite: keep it beside the SSR build instead, since it must not be served. */
export async function takeClientManifest(): Promise<ViteManifest> {
  const from = join(OUT_DIR, '.vite/manifest.json');
  const kept = join(SSR_DIR, 'client-manifest.json');
  if (existsSync(from)) {
    await rename(from, kept);
    await rm(join(OUT_DIR, '.vite'), { recursive: true, force: true });
  }
  return readJson<ViteManifest>(kept);
}

export async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}

export async function writeOut(file: string, text: string | Buffer): Promise<void> {
  const path = join(OUT_DIR, file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

export function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
