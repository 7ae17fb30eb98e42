import { useCallback, useEffect, useState } from 'react';

/** docs/product.md: the testimonials advance every 5 s, and a slide moves in 0.5 s. */
export const AUTO_ADVANCE_MS = 5000;
export const SLIDE_MS = 500;

export type Direction = 1 | -1;

export interface CarouselState {
  /** The slide shown. */
  readonly index: number;
  /** The slide moving out (null before the first move). */
  readonly previous: number | null;
  /** 1: the new slide comes from the right; -1: from the left. */
  readonly direction: Direction;
  /** Bumped by every manual move: the auto-advance timer restarts from it. */
  readonly epoch: number;
}

export const INITIAL_CAROUSEL: CarouselState = { index: 0, previous: null, direction: 1, epoch: 0 };

const wrap = (i: number, count: number) => ((i % count) + count) % count;

/** Where slide `k` waits while it is neither shown nor moving out: on the side it will come from. */
export function idleSide(k: number, index: number, count: number): 'before' | 'after' {
  return wrap(k - index, count) <= count / 2 ? 'after' : 'before';
}

/** The state after moving to `to` (wrapping around); `direction` defaults to the shorter way. */
export function moveTo(
  state: CarouselState,
  to: number,
  count: number,
  direction?: Direction,
  manual = true,
): CarouselState {
  const index = wrap(to, count);
  if (index === state.index) return manual ? { ...state, epoch: state.epoch + 1 } : state;
  // A slide comes in from the side where it waits: the one that just left waits where it went.
  const waiting =
    index === state.previous
      ? state.direction === 1
        ? 'before'
        : 'after'
      : idleSide(index, state.index, count);
  return {
    index,
    previous: state.index,
    direction: direction ?? (waiting === 'after' ? 1 : -1),
    epoch: manual ? state.epoch + 1 : state.epoch,
  };
}

export interface Carousel extends CarouselState {
  readonly next: () => void;
  readonly previousSlide: () => void;
  readonly goTo: (index: number) => void;
}

/**
 * A carousel of `count` slides that advances every `interval` ms and wraps around. A manual
 * move (next, previous, a dot) restarts the timer, so the next automatic move comes a full
 * interval later. Nothing advances while `paused`.
 */
export function useCarousel(count: number, paused: boolean, interval = AUTO_ADVANCE_MS): Carousel {
  const [state, setState] = useState<CarouselState>(INITIAL_CAROUSEL);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => {
      setState((s) => moveTo(s, s.index + 1, count, 1, false));
    }, interval);
    return () => window.clearInterval(timer);
  }, [state.epoch, paused, count, interval]);

  const next = useCallback(() => setState((s) => moveTo(s, s.index + 1, count, 1)), [count]);
  const previousSlide = useCallback(
    () => setState((s) => moveTo(s, s.index - 1, count, -1)),
    [count],
  );
  const goTo = useCallback((i: number) => setState((s) => moveTo(s, i, count)), [count]);
  return { ...state, next, previousSlide, goTo };
}
