import { createContext, useContext, type ReactNode } from 'react';
import { isUnfilledToken, type Setting } from './settings';

/**
 * The settings a page shows, by key. In the prerender a setting's value is its token, which the
 * server fills in at start; a hydrated page (waveads) reads the values the server filled into
 * its #root (`data-setting-<key>`), so that its first render in the browser says exactly what
 * the HTML says.
 */
export type SettingValues = Readonly<Record<string, string>>;

const SettingValuesContext = createContext<SettingValues>({});

export function SettingValuesProvider(props: { values: SettingValues; children: ReactNode }) {
  return (
    <SettingValuesContext.Provider value={props.values}>
      {props.children}
    </SettingValuesContext.Provider>
  );
}

/** The value (or, in the prerender, the token) of `setting`. */
export function useSettingValue(setting: Setting): string {
  return useContext(SettingValuesContext)[setting.key] ?? setting.html;
}

/** The tokens of `settings`, for the prerender's SettingValuesProvider. */
export function settingTokenValues(settings: readonly Setting[]): SettingValues {
  return Object.fromEntries(settings.map((s) => [s.key, s.html]));
}

/** #root's data attributes carrying `settings` (DocumentInfo.rootData). */
export function settingRootData(settings: readonly Setting[]): Record<string, string> {
  return Object.fromEntries(settings.map((s) => [`setting-${s.key}`, s.html]));
}

/** The values the server filled into `root`'s data attributes (settingRootData). */
export function readRootSettings(root: Element): SettingValues {
  const values: Record<string, string> = {};
  for (const attr of root.attributes) {
    if (attr.name.startsWith('data-setting-'))
      values[attr.name.slice('data-setting-'.length)] = attr.value;
  }
  return values;
}

/**
 * `children` only when `setting` is set (`when: 'set'`) or empty (`when: 'empty'`). In the
 * prerender, where the value is still a token, it writes the server's section tokens around them
 * ("{{?key}}...{{/key}}", "{{^key}}...{{/key}}") and the server keeps or drops them at start; in
 * the browser it decides from the value. Either way the element it renders into is the same, so
 * hydration finds what it renders.
 */
export function IfSetting(props: { setting: Setting; when: 'set' | 'empty'; children: ReactNode }) {
  const value = useSettingValue(props.setting);
  const key = props.setting.key;
  if (isUnfilledToken(value)) {
    return (
      <>
        {props.when === 'set' ? `{{?${key}}}` : `{{^${key}}}`}
        {props.children}
        {`{{/${key}}}`}
      </>
    );
  }
  return (value !== '') === (props.when === 'set') ? <>{props.children}</> : null;
}
