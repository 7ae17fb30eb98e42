/**
 * The landing page's first-party click log (docs/http-api.md, "A click"): on a click the App Store
 * button posts a beacon to its own site, beside the affiliate tracking. Pure parts here; the
 * click handler is landing-click.ts.
 */

/** Relative, so the beacon goes to whichever host serves the page (its own or the prefixed one). */
export const CLICK_LOG_PATH = '/api/clicks';

/** The beacon's body: the page's referrer (the server keeps only its origin). */
export function clickBeaconBody(referrer: string): string {
  return JSON.stringify({ referrer });
}

/**
 * Queues the beacon; true when the browser took it. sendBeacon returns at once and the browser
 * sends it even as the page unloads, so the visitor never waits; a browser without it, or one
 * that refuses, only loses the click from the log.
 */
export function sendClickBeacon(nav: Pick<Navigator, 'sendBeacon'>, referrer: string): boolean {
  try {
    return (
      typeof nav.sendBeacon === 'function' &&
      nav.sendBeacon(CLICK_LOG_PATH, clickBeaconBody(referrer))
    );
  } catch {
    return false;
  }
}
