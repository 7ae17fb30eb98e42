/**
 * Settings: values an operator sets in the server's config file and a page takes at start-up
 * (the landing page's App Store link, say), so that moving them needs no rebuild. A page renders
 * a token in their place; the prerender declares every setting in manifest.json with the form of
 * its value and its default, and names the pages that take it; the server fills the tokens in,
 * escaped for where they stand. The key is "table.key" of the config file ("[landing]
 * app_store_url" is "landing.app_store_url").
 */
export interface SettingSpec {
  /** url: an absolute http(s) URL; email: an email address. */
  readonly type: 'text' | 'url' | 'email';
  /** An empty value is allowed (it then means "none"). */
  readonly optional?: boolean;
  readonly default: string;
}

export interface Setting {
  readonly key: string;
  /** Null for the server's own settings (a site's origin), which the manifest does not declare. */
  readonly spec: SettingSpec | null;
  /** The token for HTML text or a quoted attribute. */
  readonly html: string;
  /** The token for the inside of a JSON string (an inline JSON-LD script). */
  readonly json: string;
}

const KEY = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

export function defineSetting(key: string, spec: SettingSpec): Setting {
  if (!KEY.test(key)) throw new Error(`setting key "${key}" is not "table.key"`);
  return { key, spec, html: `{{${key}}}`, json: `{{json:${key}}}` };
}

/**
 * The public origin of `site` ("https://host[:port]", no trailing slash), which the server knows
 * from its config ([origins], else the site's first host): page URLs are `origin + path`.
 */
export function originOf(site: string): Setting {
  const key = `origins.${site}`;
  if (!KEY.test(key)) throw new Error(`site name "${site}" cannot name a setting`);
  return { key, spec: null, html: `{{${key}}}`, json: `{{json:${key}}}` };
}

/**
 * One of the server's own settings, which it fills from its own config and the bundle never
 * declares (server/src/sites/server_settings.hpp): "retention.leads_days" and
 * "retention.resumes_days" (days, or empty when kept without end), "limits.max_upload_bytes"
 * and "limits.max_upload_size" (the same for people: "10 MB").
 */
export const SERVER_SETTING_KEYS = [
  'retention.leads_days',
  'retention.resumes_days',
  'limits.max_upload_bytes',
  'limits.max_upload_size',
] as const;
export type ServerSettingKey = (typeof SERVER_SETTING_KEYS)[number];

export function serverSetting(key: ServerSettingKey): Setting {
  return { key, spec: null, html: `{{${key}}}`, json: `{{json:${key}}}` };
}

/** The setting keys named by the tokens in `html`. */
export function settingTokens(html: string): Set<string> {
  return new Set([...html.matchAll(/\{\{(?:json:|\?|\^|\/)?([a-z0-9_.]+)\}\}/g)].map((m) => m[1]!));
}

/** True when `value` is a token the server did not fill (a page opened from the build itself). */
export function isUnfilledToken(value: string): boolean {
  return value.startsWith('{{');
}
