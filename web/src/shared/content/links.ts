import { parse, TomlError } from 'smol-toml';
import { ContentError } from './schema';

export { linkPath, SPONSORED_REL } from './link-path';

/**
 * The link registry, content/links.toml: every place the sites send a reader to, under a slug
 * that articles write as [text](go:slug) and that the server answers at /go/<slug> with a
 * redirect (docs/http-api.md). A slug names the destination for everyone (`url`), and may name
 * another for iPhones and iPads (`ios`) or Android phones (`android`), and the query parameter in
 * which the merchant takes our tag (`subid_param`). The server's config may override any of it
 * ([links], reloaded by SIGHUP) without a rebuild.
 */
export interface LinkDestinations {
  readonly url: string;
  readonly ios?: string;
  readonly android?: string;
  readonly subid_param?: string;
}

export type LinkRegistry = ReadonlyMap<string, LinkDestinations>;

/** A slug: lower-case letters, digits and hyphens, at most 64 (the server checks the same). */
export const LINK_SLUG_RE = /^[a-z0-9-]{1,64}$/;
const PARAM_RE = /^[A-Za-z0-9_.~-]{1,64}$/;
const KEY = '([a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*)';
/** "{{setting}}", then maybe "?name={{setting}}&name={{setting}}..." (docs/manifest.md). */
const PARAM = `[A-Za-z0-9_.~-]{1,64}=\\{\\{${KEY}\\}\\}`;
const TEMPLATE_RE = new RegExp(`^\\{\\{${KEY}\\}\\}((?:\\?${PARAM}(?:&${PARAM})*)?)$`);
const PARAM_TOKEN_RE = new RegExp(PARAM, 'g');

/**
 * The pages' settings a destination may name: `urls` for the URL itself (the landing page's
 * stores), `params` for values added to its query (the App Store campaign tokens). The server
 * fills them in with the values in force and leaves out a parameter whose value is empty.
 */
export interface LinkSettings {
  readonly urls: ReadonlySet<string>;
  readonly params: ReadonlySet<string>;
}
const FIELDS = ['url', 'ios', 'android', 'subid_param'] as const;

/**
 * Why `value` cannot be a destination, or null. A destination is an https URL with a host and
 * nothing that could end an attribute or a header; or, for a link the pages' own settings decide
 * (the landing page's stores), a template of `settings`, filled in by the server.
 */
export function destinationProblem(value: string, settings: LinkSettings): string | null {
  const template = TEMPLATE_RE.exec(value);
  if (template) {
    if (!settings.urls.has(template[1]!)) return `${value} is not a url setting of the pages`;
    for (const [, key] of template[2]!.matchAll(PARAM_TOKEN_RE)) {
      if (!settings.params.has(key!)) return `{{${key}}} is not a setting a link can add`;
    }
    return null;
  }
  if (value.startsWith('{{'))
    return `"${value}" is not {{setting}} or {{setting}}?name={{setting}}`;
  const control = [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (/[\s"'<>\\`]/.test(value) || control) {
    return `"${value}" has a character a URL cannot carry as it is`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an absolute URL`;
  }
  if (url.protocol !== 'https:') return `"${value}" is not https`;
  if (url.username !== '' || url.password !== '') return `"${value}" carries a user name`;
  if (url.hostname === '' || !url.hostname.includes('.')) return `"${value}" has no public host`;
  return null;
}

/** The line (1-based) where `slug` is defined in the registry's text. */
function lineOf(text: string, slug: string, key?: string): number {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => new RegExp(`^\\s*\\[\\s*"?${slug}"?\\s*\\]`).test(l));
  if (header >= 0 && key !== undefined) {
    for (let i = header + 1; i < lines.length && !/^\s*\[/.test(lines[i]!); i++) {
      if (new RegExp(`^\\s*${key}\\s*=`).test(lines[i]!)) return i + 1;
    }
  }
  if (header >= 0) return header + 1;
  const inline = lines.findIndex((l) => new RegExp(`^\\s*"?${slug}"?\\s*=`).test(l));
  return inline >= 0 ? inline + 1 : 1;
}

/** Parses and checks the registry's text; `file` names it in errors ("file:line: reason"). */
export function parseLinks(
  text: string,
  file: string,
  settings: LinkSettings = { urls: new Set(), params: new Set() },
): LinkRegistry {
  let table: Record<string, unknown>;
  try {
    table = parse(text) as Record<string, unknown>;
  } catch (e) {
    const line = e instanceof TomlError ? e.line : 1;
    throw new ContentError(
      `${file}:${line}`,
      '',
      `not TOML: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  const out = new Map<string, LinkDestinations>();
  for (const [slug, entry] of Object.entries(table)) {
    function fail(reason: string, key?: string): never {
      throw new ContentError(`${file}:${lineOf(text, slug, key)}`, '', `${slug}: ${reason}`);
    }
    if (!LINK_SLUG_RE.test(slug)) fail('a slug is 1 to 64 of a-z, 0-9 and "-"');
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      fail('expected a table: [slug] with url = "https://..."');
    }
    const record = entry as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!(FIELDS as readonly string[]).includes(key)) {
        fail(`unknown key "${key}" (${FIELDS.join(', ')})`, key);
      }
    }
    const links: Record<string, string> = {};
    for (const key of FIELDS) {
      const value = record[key];
      if (value === undefined) {
        if (key === 'url') fail('missing url');
        continue;
      }
      if (typeof value !== 'string' || value === '') fail(`${key} must be a non-empty string`, key);
      const problem =
        key === 'subid_param'
          ? PARAM_RE.test(value)
            ? null
            : `subid_param "${value}" is not a query parameter name`
          : destinationProblem(value, settings);
      if (problem !== null) fail(`${key}: ${problem}`, key);
      links[key] = value;
    }
    out.set(slug, links as unknown as LinkDestinations);
  }
  return out;
}
