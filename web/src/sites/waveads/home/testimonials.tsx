import { useState } from 'react';
import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import { TESTIMONIALS } from './clients';
import { idleSide, useCarousel, type CarouselState } from './use-carousel';
import { useReducedMotion } from './use-reduced-motion';
import s from './testimonials.module.css';

/** The position class of slide `k`: shown, moving out, or waiting on the side it will come from. */
function place(k: number, state: CarouselState, count: number): string {
  if (k === state.index) return s.current!;
  if (k === state.previous) return `${s.leaving} ${state.direction === 1 ? s.before : s.after}`;
  return `${s.idle} ${idleSide(k, state.index, count) === 'after' ? s.after : s.before}`;
}

/**
 * The testimonial slider (docs/product.md: six slides, six dots, a move every 5 s wrapping around, the timer
 * restarting after a manual move, a 0.5 s slide). It follows the WAI carousel pattern: a
 * rotation control, slides announced only while rotation is off. Under prefers-reduced-motion
 * it does not rotate (the visitor can still start it) and slides without animation.
 */
export function Testimonials() {
  const { t } = useI18n();
  const count = TESTIMONIALS.length;
  const reduced = useReducedMotion();
  // null: the visitor has not chosen; rotation then follows the motion preference.
  const [playing, setPlaying] = useState<boolean | null>(null);
  const paused = playing === null ? reduced : !playing;
  const carousel = useCarousel(count, paused);

  return (
    <section
      className={s.carousel}
      aria-roledescription="carousel"
      aria-label={t('home.slider.label')}
    >
      <div className={s.viewport} aria-live={paused ? 'polite' : 'off'}>
        {TESTIMONIALS.map((item, k) => {
          const shown = k === carousel.index;
          return (
            <div
              key={item.n}
              className={`${s.slide} ${place(k, carousel, count)}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slider.position', { n: k + 1, total: count })}
              aria-hidden={!shown}
              inert={!shown}
            >
              <blockquote className={s.quote}>
                <p>{t(`home.testimonial.${item.n}.quote`)}</p>
              </blockquote>
              <p className={s.author}>
                <span className={s.avatar} aria-hidden="true">
                  {item.name.charAt(0)}
                </span>
                <span>
                  <span className={s.name}>{item.name}</span>
                  <span className={s.role}>
                    {t(`home.testimonial.${item.n}.role`)}, {item.company}
                  </span>
                </span>
              </p>
            </div>
          );
        })}
      </div>
      <div className={s.controls}>
        <button
          type="button"
          className={s.rotation}
          onClick={() => setPlaying(paused)}
          aria-label={t(paused ? 'home.slider.play' : 'home.slider.pause')}
        >
          <Icon name={paused ? 'play' : 'pause'} className={s.icon} />
        </button>
        <button
          type="button"
          className={s.arrow}
          onClick={carousel.previousSlide}
          aria-label={t('home.slider.previous')}
        >
          <Icon name="left" className={s.icon} />
        </button>
        <ul className={s.dots}>
          {TESTIMONIALS.map((item, k) => (
            <li key={item.n}>
              <button
                type="button"
                className={s.dot}
                onClick={() => carousel.goTo(k)}
                aria-label={t('home.slider.goTo', { n: k + 1 })}
                aria-current={k === carousel.index ? 'true' : undefined}
              />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={s.arrow}
          onClick={carousel.next}
          aria-label={t('home.slider.next')}
        >
          <Icon name="right" className={s.icon} />
        </button>
      </div>
    </section>
  );
}
