import { useState, useSyncExternalStore } from 'react';
import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import { CLIENT_LOGOS, LOGO_HEIGHT, LOGO_WIDTH, type ClientLogo } from './clients';
import s from './logo-wall.module.css';

/** The logos twice in a row: the strip moves by half its width and starts over, seamlessly. */
export function duplicateOnce<T>(items: readonly T[]): readonly T[] {
  return [...items, ...items];
}

const DOUBLED = duplicateOnce(CLIENT_LOGOS);
const subscribeNever = () => () => {};
const loadedInBrowser = () => true;
const notLoadedYet = () => false;

/**
 * The logo wall (docs/product.md: its items are duplicated once on first load so it can loop). The page
 * is prerendered with each logo once; after loading, the copy is appended and the strip starts
 * moving. The copy is hidden from assistive technology; a button pauses the movement, as does
 * hovering it, and under prefers-reduced-motion it does not move at all.
 */
export function LogoWall() {
  const { t } = useI18n();
  const [paused, setPaused] = useState(false);
  // False while prerendering and hydrating, true from the first render after loading.
  const loaded = useSyncExternalStore(subscribeNever, loadedInBrowser, notLoadedYet);
  const logos: readonly ClientLogo[] = loaded ? DOUBLED : CLIENT_LOGOS;
  const looping = loaded;
  return (
    <div className={s.wall}>
      <h3 className={s.label}>{t('home.logos.label')}</h3>
      <div className={s.viewport}>
        <ul
          className={`${s.track} ${looping ? s.looping : ''} ${paused ? s.paused : ''}`}
          data-count={logos.length}
        >
          {logos.map((logo, i) => {
            const copy = i >= CLIENT_LOGOS.length;
            return (
              <li key={i} className={s.item} aria-hidden={copy || undefined}>
                <img
                  src={logo.src}
                  alt={copy ? '' : logo.name}
                  width={LOGO_WIDTH}
                  height={LOGO_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            );
          })}
        </ul>
      </div>
      {looping && (
        <button
          type="button"
          className={s.toggle}
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
        >
          <Icon name={paused ? 'play' : 'pause'} className={s.icon} />
          <span className="visually-hidden">{t('home.logos.pause')}</span>
        </button>
      )}
    </div>
  );
}
