import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
} from 'react';
import { pagePath, type RouteSetKind } from '../../../shared/routes/route-set';
import { LANGS, NATIVE_LANG_NAMES, storeLang, type Lang } from '../../../shared/i18n/lang';
import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';
import { waveadsRoutes, type WaveadsPage } from '../routes';
import s from './language-menu.module.css';

const LABEL_KEYS: Readonly<Record<Lang, MessageKey>> = {
  en: 'nav.english',
  ja: 'nav.japanese',
  ko: 'nav.korean',
  es: 'nav.spanish',
  pt: 'nav.portuguese',
};

function GlobeIcon() {
  return (
    <svg className={s.icon} viewBox="0 0 24 24" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="1.7">
        <circle cx="12" cy="12" r="9.2" />
        <path d="M2.8 12h18.4M12 2.8c2.6 2.6 3.9 5.6 3.9 9.2s-1.3 6.6-3.9 9.2M12 2.8c-2.6 2.6-3.9 5.6-3.9 9.2s1.3 6.6 3.9 9.2" />
      </g>
    </svg>
  );
}

/** Closes an open menu on a pointer down outside `root`, and on Escape (focus back on `button`). */
function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, root, button]);
}

/**
 * The language menu (a disclosure: an icon button and a list). It closes on a click outside and
 * on Escape. Each language is a link to the same page in that language (`/ja/`,
 * `/ja/contact-us`), so crawlers find every language; choosing one also stores it (localStorage
 * and the `lang` cookie the server reads), so a returning visitor who opens `/` gets it.
 */
export function LanguageMenu(props: {
  onOpenChange?: (open: boolean) => void;
  routeSet: RouteSetKind;
  page: WaveadsPage;
}) {
  const { lang, t } = useI18n();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { onOpenChange } = props;
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button);
  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);

  const choose = (code: Lang, event: MouseEvent) => {
    setOpen(false);
    if (code === lang)
      event.preventDefault(); // already there
    else storeLang(code);
  };

  // "Language" stays recognisable to someone who cannot read the page's current language.
  const label = lang === 'en' ? t('nav.language') : `${t('nav.language')} / Language`;

  return (
    <div className={s.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={s.toggle}
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon />
      </button>
      <ul id={listId} className={s.list} hidden={!open}>
        {LANGS.map((code) => (
          <li key={code}>
            <a
              className={s.option}
              href={pagePath(waveadsRoutes, props.page, props.routeSet, code)}
              hrefLang={code}
              lang={code}
              aria-current={code === lang ? 'true' : undefined}
              onClick={(e) => choose(code, e)}
            >
              <span className={s.native}>{NATIVE_LANG_NAMES[code]}</span>
              {code !== lang && t(LABEL_KEYS[code]) !== NATIVE_LANG_NAMES[code] && (
                <span className={s.translated} lang={lang}>
                  {t(LABEL_KEYS[code])}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
