/**
 * The HTML document around a prerendered page. No inline script and no style attribute (JSON-LD
 * data blocks are data, not script).
 */
export interface DocumentParts {
  readonly lang: string;
  readonly title: string;
  readonly description: string;
  /** Absolute URL paths. */
  readonly favicon: string;
  readonly stylesheets: readonly string[];
  readonly modulePreloads: readonly string[];
  readonly scripts: readonly string[];
  /** Pages to prefetch (same-origin URL paths). */
  readonly prefetch?: readonly string[] | undefined;
  readonly rootData?: Readonly<Record<string, string>> | undefined;
  /** The site's colour for the browser's interface, `<meta name="theme-color">`. */
  readonly themeColor?: string | undefined;
  /** The web app manifest and the home-screen icon (URL paths). */
  readonly manifest?: string | undefined;
  readonly touchIcon?: string | undefined;
  /** A page search engines must not keep (a 404): `<meta name="robots" content="noindex">`. */
  readonly noindex?: boolean | undefined;
  /** More head lines, already HTML (canonical, cards, JSON-LD: head-meta.ts). */
  readonly head?: readonly string[] | undefined;
  /** The page's markup, from React. */
  readonly body: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A data attribute's name; a setting's key keeps its dot and underscores (data-setting-privacy.contact). */
const DATA_NAME = /^[a-z][a-z0-9._-]*$/;

export function htmlDocument(parts: DocumentParts): string {
  const data = Object.entries(parts.rootData ?? {})
    .map(([name, value]) => {
      if (!DATA_NAME.test(name)) throw new Error(`invalid data attribute name "${name}"`);
      return ` data-${name}="${escapeHtml(value)}"`;
    })
    .join('');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<meta name="description" content="${escapeHtml(parts.description)}">`,
    ...(parts.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(parts.themeColor
      ? [`<meta name="theme-color" content="${escapeHtml(parts.themeColor)}">`]
      : []),
    `<link rel="icon" href="${escapeHtml(parts.favicon)}" type="image/svg+xml">`,
    ...(parts.touchIcon
      ? [`<link rel="apple-touch-icon" href="${escapeHtml(parts.touchIcon)}">`]
      : []),
    ...(parts.manifest ? [`<link rel="manifest" href="${escapeHtml(parts.manifest)}">`] : []),
    ...(parts.head ?? []),
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...parts.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    ...(parts.prefetch ?? []).map((href) => `<link rel="prefetch" href="${escapeHtml(href)}">`),
  ].join('\n');
  return (
    `<!doctype html>\n<html lang="${escapeHtml(parts.lang)}">\n<head>\n${head}\n</head>\n` +
    `<body>\n<div id="root"${data}>${parts.body}</div>\n</body>\n</html>\n`
  );
}
