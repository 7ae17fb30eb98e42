/**
 * Pictures for link previews: what Facebook, LinkedIn, X or Slack show when someone shares a
 * page. They want one absolute URL of a 1200 x 630 JPEG or PNG (not all of them read AVIF or
 * WebP); the build makes one from each article's own artwork and a branded card for every other
 * page (src/prerender/social-images.ts). Types and the test double here; no Node.
 */
export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;

export interface SocialImage {
  /** Absolute URL path on the site's host, e.g. /assets/og-tts1-1-cover-3f2a1b9c0d.jpg. */
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly type: 'image/jpeg' | 'image/png';
  readonly alt: string;
}

/** Where the sites get their link-preview pictures from at build time. */
export interface SocialImages {
  /** From an article's artwork, content/<site>/images/<src>. */
  fromContent(site: string, src: string, alt: string): SocialImage;
  /** The site's branded card, web/src/sites/<site>/card.svg. */
  card(site: string, alt: string): SocialImage;
}

/** `og-<site>-<name>-<hash>.jpg` under assets/: immutable, the hash covering source and settings. */
export function socialFileUrl(site: string, name: string, hash: string): string {
  return `/assets/og-${site}-${name.replace(/\.svg$/, '')}-${hash.slice(0, 10)}.jpg`;
}

/** Names only, nothing encoded: for rendering tests. */
export function plannedSocialImages(): SocialImages {
  const image = (site: string, name: string, alt: string): SocialImage => ({
    url: socialFileUrl(site, name, '0123456789'),
    width: SOCIAL_WIDTH,
    height: SOCIAL_HEIGHT,
    type: 'image/jpeg',
    alt,
  });
  return {
    fromContent: (site, src, alt) => image(site, src, alt),
    card: (site, alt) => image(site, 'card', alt),
  };
}
