import { useState } from 'react';
import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import { TESTIMONIALS } from './clients';
import { idleSide, useCarousel, type Carousel, type CarouselState } from './use-carousel';
import { useReducedMotion } from './use-reduced-motion';
import { useSwipe } from './use-swipe';
import s from './testimonials.module.css';

/** The position class of slide `k`: shown, moving out, or waiting on the side it will come from. */
function place(k: number, state: CarouselState, count: number): string {
  if (k === state.index) return s.current!;
  if (k === state.previous) return `${s.leaving} ${state.direction === 1 ? s.before : s.after}`;
  return `${s.idle} ${idleSide(k, state.index, count) === 'after' ? s.after : s.before}`;
}

/** One testimonial: its quote and who said it. Only the shown slide is reachable. */
function Slide(props: { k: number; carousel: CarouselState }) {
  const { t } = useI18n();
  const { k, carousel } = props;
  const item = TESTIMONIALS[k]!;
  const count = TESTIMONIALS.length;
  const shown = k === carousel.index;
  return (
    <div
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
}

/** A previous or next arrow. */
function Arrow(props: { onClick: () => void; label: string; icon: 'left' | 'right' }) {
  return (
    <button type="button" className={s.arrow} onClick={props.onClick} aria-label={props.label}>
      <Icon name={props.icon} className={s.icon} />
    </button>
  );
}

/** The rotation control, the arrows and one dot per slide. */
function Controls(props: {
  carousel: Carousel;
  paused: boolean;
  onRotation: (play: boolean) => void;
}) {
  const { t } = useI18n();
  const { carousel, paused } = props;
  return (
    <div className={s.controls}>
      <button
        type="button"
        className={s.rotation}
        onClick={() => props.onRotation(paused)}
        aria-label={t(paused ? 'home.slider.play' : 'home.slider.pause')}
      >
        <Icon name={paused ? 'play' : 'pause'} className={s.icon} />
      </button>
      <Arrow onClick={carousel.previousSlide} label={t('home.slider.previous')} icon="left" />
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
      <Arrow onClick={carousel.next} label={t('home.slider.next')} icon="right" />
    </div>
  );
}

/**
 * The testimonial slider (docs/product.md: six slides, six dots, a move every 5 s wrapping
 * around, the timer restarting after a manual move, a 0.5 s slide). It follows the WAI carousel
 * pattern: a rotation control, slides announced only while rotation is off. Under
 * prefers-reduced-motion it does not rotate (the visitor can still start it) and slides without
 * animation.
 */
export function Testimonials() {
  const { t } = useI18n();
  const reduced = useReducedMotion();
  // null: the visitor has not chosen; rotation then follows the motion preference.
  const [playing, setPlaying] = useState<boolean | null>(null);
  const paused = playing === null ? reduced : !playing;
  const carousel = useCarousel(TESTIMONIALS.length, paused);
  // A sideways swipe on a touch screen moves like the arrows (and restarts the timer as they do).
  const swipe = useSwipe(carousel.next, carousel.previousSlide);
  return (
    <section
      className={s.carousel}
      aria-roledescription="carousel"
      aria-label={t('home.slider.label')}
    >
      <div className={s.viewport} aria-live={paused ? 'polite' : 'off'} {...swipe}>
        {TESTIMONIALS.map((item, k) => (
          <Slide key={item.n} k={k} carousel={carousel} />
        ))}
      </div>
      <Controls carousel={carousel} paused={paused} onRotation={setPlaying} />
    </section>
  );
}
