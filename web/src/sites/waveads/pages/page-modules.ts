import type { ComponentType } from 'react';
import type { WaveadsPage } from '../routes';

/**
 * Each page's content, loaded with a dynamic import: in the browser every page is its own
 * chunk, so the home page never downloads the contact form. A page takes no props: its links
 * come from the app around it (components/page-links.tsx). `source` is the module's path
 * relative to web/ (its key in Vite's manifest, for the prerender's modulepreload).
 */
export const PAGE_MODULES: Readonly<
  Record<WaveadsPage, { source: string; load: () => Promise<ComponentType> }>
> = {
  home: {
    source: 'src/sites/waveads/pages/home-page.tsx',
    load: () => import('./home-page').then((m) => m.HomePage),
  },
  'contact-us': {
    source: 'src/sites/waveads/pages/contact-page.tsx',
    load: () => import('./contact-page').then((m) => m.ContactPage),
  },
  privacy: {
    source: 'src/sites/waveads/pages/privacy-page.tsx',
    load: () => import('./privacy-page').then((m) => m.PrivacyPage),
  },
};
