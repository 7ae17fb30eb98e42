/**
 * For a theme's tests: the theme's site as the build prepares it, from the blog's own site.toml
 * (content/<site>/site.toml) and the fixture articles (shared/content/__fixtures__/valid).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plannedImages } from '../images/image-registry';
import type { PrepareSite } from '../render/site-render';
import { parseBlogConfig } from './blog-config';

const here = dirname(fileURLToPath(import.meta.url));

export function prepareFixtureBlog(prepare: PrepareSite, site: string) {
  const source = {
    dir: resolve(here, '../content/__fixtures__/valid'),
    warn: () => {},
    images: plannedImages(),
  };
  const toml = resolve(here, `../../../../content/${site}/site.toml`);
  return prepare(source, parseBlogConfig(site, readFileSync(toml, 'utf8'), toml));
}
