import { useRef, type TouchEvent } from 'react';

/** How far a finger must travel sideways to count as a swipe, in CSS pixels. */
export const SWIPE_MIN_PX = 40;

/** Which way a touch that moved by (`dx`, `dy`) swiped, if it was a sideways swipe at all. */
export function swipeOf(dx: number, dy: number): 'left' | 'right' | null {
  // Mostly sideways and far enough; anything else is a tap or a scroll, which the page handles.
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return null;
  return dx < 0 ? 'left' : 'right';
}

/**
 * Touch handlers that call `onLeft` (the finger moved left: the next slide comes in from the
 * right) or `onRight` after a sideways swipe. They never cancel the touch, so a vertical move
 * still scrolls the page; the element's `touch-action: pan-y` keeps the browser from taking the
 * sideways ones (for its history gesture, say).
 */
export function useSwipe(onLeft: () => void, onRight: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const from = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (from === null || t === undefined) return;
      const way = swipeOf(t.clientX - from.x, t.clientY - from.y);
      if (way === 'left') onLeft();
      if (way === 'right') onRight();
    },
    onTouchCancel: () => {
      start.current = null;
    },
  };
}
