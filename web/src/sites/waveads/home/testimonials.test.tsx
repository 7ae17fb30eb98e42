import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/dictionaries';
import { en } from '../i18n/en';
import { Testimonials } from './testimonials';
import { AUTO_ADVANCE_MS, idleSide, INITIAL_CAROUSEL, moveTo } from './use-carousel';
import { swipeOf } from './use-swipe';

function setReducedMotion(matches: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

function renderSlider() {
  render(
    <I18nProvider lang="en" dictionary={en}>
      <Testimonials />
    </I18nProvider>,
  );
}

/** The number (1-6) of the slide shown, from the dots and from the slides themselves. */
function shown(): number {
  const dots = screen.getAllByRole('button', { name: /^Show testimonial/ });
  const current = dots.findIndex((d) => d.getAttribute('aria-current') === 'true');
  const visible = screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => g.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  expect(visible[0]!.getAttribute('aria-label')).toBe(`${current + 1} of 6`);
  return current + 1;
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Slide `now` is shown, and stays a whole interval (the timer restarted) before `next` comes. */
function expectFullIntervalOn(now: number, next: number) {
  expect(shown()).toBe(now);
  advance(AUTO_ADVANCE_MS - 1);
  expect(shown()).toBe(now);
  advance(1);
  expect(shown()).toBe(next);
}

beforeEach(() => {
  vi.useFakeTimers();
  setReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the testimonial slider', () => {
  it('has six slides and six dots', () => {
    renderSlider();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(6);
    expect(screen.getAllByRole('button', { name: /^Show testimonial/ })).toHaveLength(6);
    expect(shown()).toBe(1);
  });

  it('advances every 5000 ms and wraps around after the sixth', () => {
    renderSlider();
    advance(AUTO_ADVANCE_MS - 1);
    expect(shown()).toBe(1);
    advance(1);
    expect(shown()).toBe(2);
    advance(AUTO_ADVANCE_MS * 4);
    expect(shown()).toBe(6);
    advance(AUTO_ADVANCE_MS);
    expect(shown()).toBe(1);
  });

  it('restarts the timer after next, previous and a dot', () => {
    renderSlider();
    advance(3000); // the old timer would fire 2000 ms after the click
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expectFullIntervalOn(2, 3);

    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expectFullIntervalOn(2, 3);

    advance(2500);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 6' }));
    expectFullIntervalOn(6, 1);
  });

  it('restarts the timer even on a click of the current dot', () => {
    renderSlider();
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 1' }));
    advance(4000);
    expect(shown()).toBe(1);
    advance(1000);
    expect(shown()).toBe(2);
  });

  it('moves on a sideways swipe and restarts the timer, but not on a vertical one or a tap', () => {
    renderSlider();
    const viewport = screen.getAllByRole('group', { hidden: true })[0]!.parentElement!;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(viewport, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    advance(AUTO_ADVANCE_MS - 1000);
    swipe([300, 200], [120, 215]); // leftwards: the next slide
    expectFullIntervalOn(2, 3); // the timer restarted at the swipe
    swipe([100, 200], [260, 190]); // rightwards: the previous slide
    expect(shown()).toBe(2);
    swipe([200, 400], [190, 150]); // a scroll
    swipe([200, 200], [215, 202]); // a tap
    expect(shown()).toBe(2);
  });

  it('swipes only sideways and far enough', () => {
    expect(swipeOf(-60, 10)).toBe('left');
    expect(swipeOf(60, -10)).toBe('right');
    expect(swipeOf(-30, 0)).toBeNull();
    expect(swipeOf(-60, -50)).toBeNull();
  });

  it('previous wraps from the first to the sixth', () => {
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shown()).toBe(6);
  });

  it('pauses and plays with its rotation button', () => {
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Pause the testimonials' }));
    advance(AUTO_ADVANCE_MS * 3);
    expect(shown()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play the testimonials' }));
    advance(AUTO_ADVANCE_MS);
    expect(shown()).toBe(2);
  });

  it('does not rotate under prefers-reduced-motion, but can be started', () => {
    setReducedMotion(true);
    renderSlider();
    advance(AUTO_ADVANCE_MS * 3);
    expect(shown()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shown()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play the testimonials' }));
    advance(AUTO_ADVANCE_MS);
    expect(shown()).toBe(3);
  });
});

describe('slide positions', () => {
  it('waits each slide on the side it will come from', () => {
    expect([0, 1, 2, 3, 4, 5].map((k) => idleSide(k, 0, 6))).toEqual([
      'after',
      'after',
      'after',
      'after',
      'before',
      'before',
    ]);
  });

  it('moves forward on next and backward on previous, wrapping', () => {
    const next = moveTo(INITIAL_CAROUSEL, 1, 6, 1);
    expect(next).toMatchObject({ index: 1, previous: 0, direction: 1, epoch: 1 });
    const back = moveTo(INITIAL_CAROUSEL, -1, 6, -1);
    expect(back).toMatchObject({ index: 5, previous: 0, direction: -1 });
    expect(moveTo(back, 6, 6, 1)).toMatchObject({ index: 0, previous: 5, direction: 1 });
  });

  it('brings the slide that just left back from the side it went', () => {
    const a = moveTo(INITIAL_CAROUSEL, 3, 6); // 0 leaves to the left
    expect(a).toMatchObject({ index: 3, direction: 1 });
    expect(moveTo(a, 0, 6)).toMatchObject({ index: 0, previous: 3, direction: -1 });
  });

  it('does not count an automatic move as manual', () => {
    expect(moveTo(INITIAL_CAROUSEL, 1, 6, 1, false).epoch).toBe(0);
  });
});
