/**
 * The pictures a blog of data may leave out of its folder: its favicon (content/<site>/favicon.svg)
 * and its link-preview card (content/<site>/card.svg). Left out, they are drawn from its
 * site.toml: the brand's initial on its colour, and the brand and tagline on its palette.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BlogConfig } from '../shared/blog/blog-config';
import { escapeHtml } from './html-document';

const FONT = "'DejaVu Serif', Georgia, serif";

export function faviconSvg(blog: BlogConfig): string {
  const initial = escapeHtml([...blog.blog.BRAND.trim()][0]!.toUpperCase());
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="${blog.themeColor}"/>`,
    `<text x="32" y="45" font-family="${FONT}" font-size="38" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

export function cardSvg(blog: BlogConfig): string {
  const paper = blog.colours.paper ?? '#f6f1e7';
  const ink = blog.colours.ink ?? '#1d2b2a';
  const accent = blog.colours.accent ?? blog.themeColor;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">',
    `<rect width="1200" height="630" fill="${paper}"/>`,
    `<rect y="560" width="1200" height="70" fill="${accent}"/>`,
    `<text x="600" y="300" font-family="${FONT}" font-size="84" font-weight="700" fill="${ink}" text-anchor="middle">${escapeHtml(blog.blog.BRAND)}</text>`,
    `<text x="600" y="380" font-family="${FONT}" font-size="34" fill="${accent}" text-anchor="middle">${escapeHtml(blog.tagline)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** The blog's own file `name` of its content folder, or the drawn one (kept in `drawnDir`). */
export function blogArtwork(
  blog: BlogConfig,
  name: 'favicon.svg' | 'card.svg',
  contentDir: string,
  drawnDir: string,
): string {
  const own = join(contentDir, blog.site, name);
  if (existsSync(own)) return own;
  const drawn = join(drawnDir, `${blog.site}-${name}`);
  const svg = name === 'card.svg' ? cardSvg(blog) : faviconSvg(blog);
  if (!existsSync(drawn) || readFileSync(drawn, 'utf8') !== svg) {
    mkdirSync(drawnDir, { recursive: true });
    writeFileSync(drawn, svg);
  }
  return drawn;
}
