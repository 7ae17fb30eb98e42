/**
 * Editions: a blog whose articles go live or expire at set moments is rendered once per stretch
 * between those moments (content/schedule.ts). The first edition is build/web/manifest.json; each
 * later one is manifest.<n>.json beside it, named in the first's `editions` with its moment, and
 * the server switches to it then (docs/manifest.md). A later edition's files go under
 * pages/editions/<n>/; every one identical to the first edition's file of the same page is
 * dropped for that file, so an edition costs only the pages that change (lists, the articles
 * around a new one, sitemaps, feeds).
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest, ManifestPage, ManifestView } from './manifest';
import { OUT_DIR } from './paths';

/** Where edition `n`'s copy of a page file goes. */
export function editionFile(file: string, n: number): string {
  return file.replace(/^pages\//, `pages/editions/${n}/`);
}

function filesOf(page: ManifestPage): string[] {
  return 'file' in page ? [page.file] : Object.values(page.langs);
}

async function same(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([readFile(join(OUT_DIR, a)), readFile(join(OUT_DIR, b))]);
  return x.equals(y);
}

/**
 * Edition `later`'s pages and views, with every page whose files equal the first edition's
 * taken from it (and its own copies deleted).
 */
export async function shareWithFirst(
  first: Manifest,
  later: { pages: Record<string, ManifestPage>; views: Record<string, ManifestView> },
): Promise<{
  pages: Record<string, ManifestPage>;
  views: Record<string, ManifestView>;
  shared: number;
}> {
  const pages: Record<string, ManifestPage> = {};
  const views: Record<string, ManifestView> = { ...later.views };
  let shared = 0;
  for (const [id, page] of Object.entries(later.pages)) {
    const before = first.pages[id];
    const mine = filesOf(page);
    const theirs = before === undefined ? [] : filesOf(before);
    const identical =
      before !== undefined &&
      mine.length === theirs.length &&
      JSON.stringify({ ...page, file: undefined, langs: undefined }) ===
        JSON.stringify({ ...before, file: undefined, langs: undefined }) &&
      (await Promise.all(mine.map((f, i) => same(f, theirs[i]!)))).every(Boolean);
    if (!identical) {
      pages[id] = page;
      continue;
    }
    pages[id] = before;
    shared++;
    for (const [i, f] of mine.entries()) {
      if (f === theirs[i]) continue;
      await rm(join(OUT_DIR, f));
      const view = views[f];
      delete views[f];
      if (view !== undefined) views[theirs[i]!] = view;
    }
  }
  return { pages, views, shared };
}
