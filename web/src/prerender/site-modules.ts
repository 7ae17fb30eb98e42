import type { PrepareSite } from '../shared/render/site-render';

/**
 * Each site's render module, loaded with a dynamic import so that the SSR build gives every
 * site its own chunk — and its own stylesheet, which is what that site's pages link to.
 * `source` is the module's path relative to web/, its key in Vite's SSR manifest.
 */
export interface SiteModule {
  readonly source: string;
  readonly load: () => Promise<{ prepare: PrepareSite }>;
}

export const SITE_MODULES: Readonly<Record<string, SiteModule>> = {
  waveads: {
    source: 'src/sites/waveads/render.tsx',
    load: () => import('../sites/waveads/render'),
  },
  tts1: { source: 'src/sites/tts1/render.tsx', load: () => import('../sites/tts1/render') },
  tts2: { source: 'src/sites/tts2/render.tsx', load: () => import('../sites/tts2/render') },
  tts3: { source: 'src/sites/tts3/render.tsx', load: () => import('../sites/tts3/render') },
  kuponz1: {
    source: 'src/sites/kuponz1/render.tsx',
    load: () => import('../sites/kuponz1/render'),
  },
  kuponz2: {
    source: 'src/sites/kuponz2/render.tsx',
    load: () => import('../sites/kuponz2/render'),
  },
  enicf: { source: 'src/sites/enicf/render.tsx', load: () => import('../sites/enicf/render') },
};

export const NOT_FOUND_MODULE = {
  source: 'src/sites/not-found/render.tsx',
  load: () => import('../sites/not-found/render'),
};
