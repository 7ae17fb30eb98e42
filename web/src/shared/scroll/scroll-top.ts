/**
 * Loaded by every page (a tiny external module, so the CSP needs no inline script): every page
 * opens at the top (docs/product.md: "every page scrolls to the top on load", detail pages included), even
 * on reload or history navigation, where the browser would otherwise restore the old position.
 */
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
scrollTo(0, 0);
addEventListener('pageshow', (event) => {
  if (event.persisted) scrollTo(0, 0);
});
