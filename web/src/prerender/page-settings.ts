/** A page's settings as the manifest declares them (docs/manifest.md, "settings"). */
import { settingTokens, type Setting } from '../shared/render/settings';
import type { DocumentInfo } from '../shared/render/site-render';
import type { ManifestSetting, PageExtras } from './manifest';

/**
 * The server fills tokens only on the pages that declare their settings, so the tokens in a
 * page's HTML and the settings its document declares must be the same.
 */
export function checkSettingTokens(what: string, html: string, document: DocumentInfo): void {
  const declared = new Set((document.settings ?? []).map((s) => s.key));
  const used = settingTokens(html);
  if ([...used].some((k) => !declared.has(k)) || [...declared].some((k) => !used.has(k))) {
    throw new Error(
      `${what}: setting tokens [${[...used]}] differ from its settings [${[...declared]}]`,
    );
  }
}

/**
 * The manifest's view of a page's settings (`fill`, `csp`), declaring each setting in `declared`
 * on the way; a key declared twice must mean the same setting.
 */
export function settingExtras(
  document: DocumentInfo,
  declared: Map<string, ManifestSetting>,
): PageExtras {
  const declare = (s: Setting) => {
    if (s.spec === null) return s.key; // the server's own (a site's origin): nothing to declare
    const spec: ManifestSetting = {
      type: s.spec.type,
      ...(s.spec.optional ? { optional: true as const } : {}),
      default: s.spec.default,
    };
    const seen = declared.get(s.key);
    if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(spec)) {
      throw new Error(`setting ${s.key} is declared twice, differently`);
    }
    declared.set(s.key, spec);
    return s.key;
  };
  const fill = (document.settings ?? []).map(declare);
  const csp = Object.fromEntries(
    Object.entries(document.cspOrigins ?? {}).map(([directive, list]) => [
      directive,
      list.map(declare),
    ]),
  );
  return {
    ...(fill.length > 0 ? { fill } : {}),
    ...(Object.keys(csp).length > 0 ? { csp } : {}),
  };
}
