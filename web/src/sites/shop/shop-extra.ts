import type { Blog } from '../../shared/blog/load-blog';
import type { ThemeExtra } from '../../shared/blog/themed-site';
import { loadOptional, type ContentSource } from '../../shared/content/load-content';
import {
  parseCommonSections,
  parseFrance,
  type France,
  type Section,
} from '../../shared/content/schema';

/** The shop's content beside its articles: the sections closing each one, the France rows. */
export interface ShopExtra {
  readonly france: France | null;
}

/** content/<site>/common.json and france.json, their pictures checked with the articles'. */
export async function loadShopExtra(
  source: ContentSource,
  blog: Blog<string>,
): Promise<ThemeExtra<ShopExtra>> {
  const site = blog.routes.site;
  const common: readonly Section[] =
    (await loadOptional(source, `${site}/common.json`, parseCommonSections)) ?? [];
  const france = await loadOptional(source, `${site}/france.json`, parseFrance);
  if (blog.articles.length > 0 && common.length === 0) {
    source.warn(
      `${site}/common.json is missing: shop articles render without their closing sections`,
    );
  }
  const images = (france?.rows ?? []).flatMap((row) =>
    [row, ...row.items].map((item) => item.image),
  );
  return { value: { france }, closing: common, images };
}
