import { sendClickBeacon } from './click-log';
import { clickParams, platformOf, storeDestination } from './store-link';
import { trackingLink, trackingRequestUrl } from './tracking';

/**
 * The App Store button's click (a tiny external module: the CSP allows no inline script).
 *
 * The button is a plain link to /go/block-blast, where the server sends each phone to its store,
 * so it works without JavaScript. On a click this points the link at the visitor's store itself
 * (./store-link.ts: the App Store with its campaign tokens, Google Play with the ad's UTM
 * parameters as the install referrer), fires the tracking request with the ad's click ids (fetch
 * with keepalive, so it outlives the page, and no-cors, so its answer is opaque and never read or
 * awaited) and a hidden image of the plain tracking link, then lets the link's default action
 * take the visitor there at once: nothing waits for the tracking. With no tracking link
 * configured it just navigates. Before all that it queues a beacon to the site's own click log
 * (./click-log.ts), which neither waits nor throws.
 */
function track(link: HTMLAnchorElement): void {
  const plain = trackingLink(link.dataset.tracking);
  if (plain === null) return;
  const request = trackingRequestUrl(plain.href, {
    offer: link.dataset.offer ?? '',
    affiliate: link.dataset.affiliate ?? '',
    language: navigator.language,
    userAgent: navigator.userAgent,
    clickIds: clickParams(location.search),
  });
  if (request !== null) {
    try {
      void fetch(request, {
        method: 'GET',
        mode: 'no-cors',
        keepalive: true,
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'strict-origin-when-cross-origin',
      }).catch(() => {});
    } catch {
      // A browser that refuses the request must still reach the App Store.
    }
  }
  const pixel = new Image(1, 1);
  pixel.alt = '';
  pixel.hidden = true;
  pixel.referrerPolicy = 'strict-origin-when-cross-origin';
  pixel.src = plain.href;
  document.body.append(pixel);
}

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-landing]')) {
  link.addEventListener('click', () => {
    const platform = platformOf(navigator.userAgent, navigator.maxTouchPoints);
    const store = storeDestination(
      platform,
      {
        appStore: link.dataset.appStore,
        playStore: link.dataset.playStore,
        ct: link.dataset.ct,
        pt: link.dataset.pt,
      },
      location.search,
    );
    // Set before the default action reads it: the navigation goes straight to the store.
    if (store !== null) link.href = store;
    sendClickBeacon(navigator, document.referrer);
    track(link);
  });
}
