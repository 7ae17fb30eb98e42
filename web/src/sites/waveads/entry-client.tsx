/**
 * The browser entry of the waveads pages: hydrates the prerendered page. Everything it needs
 * is in the document: the language in <html lang>, the page, the route set and whether it is at
 * its language's own URL in #root's data-*. It also keeps the session's lead attribution, which
 * only the browser knows (the prerendered page is the same for every visitor).
 */
import { hydrateRoot } from 'react-dom/client';
import { captureAttribution, sessionStore } from '../../shared/attribution/attribution';
import { DEFAULT_LANG, isLang } from '../../shared/i18n/lang';
import { readRootSettings } from '../../shared/render/setting-values';
import { WaveadsApp } from './app';
import { loadDictionary } from './i18n/dictionaries';
import { PAGE_MODULES } from './pages/page-modules';
import { waveadsRoutes, type WaveadsPage } from './routes';

async function main(): Promise<void> {
  // First, on every page: the session's first page is the one that counts, whatever it renders.
  captureAttribution(window.location, document.referrer, new Date(), sessionStore());
  const root = document.getElementById('root');
  if (root === null) return;
  const htmlLang = document.documentElement.lang;
  const lang = isLang(htmlLang) ? htmlLang : DEFAULT_LANG;
  const page = waveadsRoutes.pages.find((p) => p.page === root.dataset.page)?.page as
    WaveadsPage | undefined;
  const routeSet = root.dataset.routeSet === 'online' ? 'online' : 'prefixed';
  if (page === undefined) return;
  // Both were preloaded by the page (<link rel="modulepreload">): they arrive together.
  const [dictionary, Page] = await Promise.all([loadDictionary[lang](), PAGE_MODULES[page].load()]);
  hydrateRoot(
    root,
    <WaveadsApp
      page={page}
      routeSet={routeSet}
      lang={lang}
      localized={root.dataset.localized === 'true'}
      dictionary={dictionary}
      settings={readRootSettings(root)}
    >
      <Page />
    </WaveadsApp>,
  );
}

void main();
