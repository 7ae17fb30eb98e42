import { useEffect, useState, type ReactNode } from 'react';
import '../../shared/styles/base.css';
import { readStoredLang, storeLang, type Lang } from '../../shared/i18n/lang';
import { SettingValuesProvider, type SettingValues } from '../../shared/render/setting-values';
import type { RouteSetKind } from '../../shared/routes/route-set';
import { NoticeProvider } from './components/notices';
import { PageLinks } from './components/page-links';
import { SiteFooter } from './components/site-footer';
import { TopBar } from './components/top-bar';
import { I18nProvider, loadDictionary, type WaveadsDictionary } from './i18n/dictionaries';
import type { MessageKey } from './i18n/en';
import { ResumeDialog } from './resume/resume-dialog';
import type { WaveadsPage } from './routes';
import s from './app.module.css';

export const PAGE_META: Readonly<
  Record<WaveadsPage, { title: MessageKey; description: MessageKey }>
> = {
  home: { title: 'meta.home.title', description: 'meta.home.description' },
  'contact-us': { title: 'meta.contact.title', description: 'meta.contact.description' },
  privacy: { title: 'meta.privacy.title', description: 'meta.privacy.description' },
};

export interface WaveadsAppProps {
  readonly page: WaveadsPage;
  readonly routeSet: RouteSetKind;
  /** The page's language: `<html lang>` of the prerendered page, never localStorage. */
  readonly lang: Lang;
  /** The page is at its language's own URL (/ja/, /ja/contact-us), not one the cookie picks. */
  readonly localized?: boolean;
  readonly dictionary: WaveadsDictionary;
  /** The settings the page shows: tokens in the prerender, #root's values in the browser. */
  readonly settings: SettingValues;
  /** The page's content (each page is its own chunk in the browser). */
  readonly children: ReactNode;
}

/**
 * The waveads page around its content: top bar, notices, careers footer and resume dialog. The
 * prerender renders it and the browser hydrates it with the same props, so the first client
 * render matches the markup exactly.
 */
export function WaveadsApp(props: WaveadsAppProps) {
  const [active, setActive] = useState({ lang: props.lang, dictionary: props.dictionary });
  const [resumeOpen, setResumeOpen] = useState(false);

  // After hydration: when the stored preference names another language than the page's (the
  // cookie expired or was cleared), switch the dictionary at run time and restore the cookie.
  // Not on a language's own URL (/ja/...): there the URL says which language to show.
  useEffect(() => {
    if (props.localized) return;
    const stored = readStoredLang();
    if (stored === null || stored === props.lang) return;
    let current = true;
    void loadDictionary[stored]().then((dictionary) => {
      if (!current) return;
      storeLang(stored);
      document.documentElement.lang = stored;
      document.title = dictionary[PAGE_META[props.page].title];
      setActive({ lang: stored, dictionary });
    });
    return () => {
      current = false;
    };
  }, [props.lang, props.page, props.localized]);

  return (
    <SettingValuesProvider values={props.settings}>
      <I18nProvider lang={active.lang} dictionary={active.dictionary}>
        <PageLinks routeSet={props.routeSet} lang={props.localized ? props.lang : undefined}>
          <div className={s.shell}>
            <NoticeProvider>
              <TopBar routeSet={props.routeSet} page={props.page} />
              <main className={s.main}>{props.children}</main>
              <SiteFooter onCareers={() => setResumeOpen(true)} />
              <ResumeDialog open={resumeOpen} onClose={() => setResumeOpen(false)} />
            </NoticeProvider>
          </div>
        </PageLinks>
      </I18nProvider>
    </SettingValuesProvider>
  );
}
