/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const webRoot = here('.');
/** Where the build goes: WAVESITES_BUILD_DIR (relative to web/), default ../build. */
const buildDir = process.env.WAVESITES_BUILD_DIR ?? '../build';

/** `_<class>_<6 chars of a hash of the file path relative to web/ and the class>`: same in every build, whatever the cwd. */
function scopedClassName(name: string, filename: string): string {
  const file = relative(webRoot, filename.split('?')[0] ?? filename).replaceAll('\\', '/');
  const hash = createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6);
  return `_${name}_${hash}`;
}

/** A CSS custom property's value: a declaration's value, with nothing that could end it. */
const TOKEN_VALUE = /^[^;{}]+$/;

/**
 * A theme's data (src/sites/<theme>/theme.toml) imported as a module: its tables as an object.
 * Its [style] table is the theme's design tokens, which its stylesheets and the blog engine's
 * shared ones read: importing the file also brings `<file>.css`, made here, with each token as
 * a custom property on :root (only one theme's stylesheet is on a page).
 */
function themeData(): Plugin {
  const CSS = '.toml.css';
  return {
    name: 'wavesites-theme-data',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith(CSS) ? source : null),
    load(id) {
      if (!id.endsWith(CSS)) return null;
      const file = id.slice(0, -'.css'.length);
      this.addWatchFile(file);
      const style = (parseToml(readFileSync(file, 'utf8')).style ?? {}) as Record<string, unknown>;
      const lines = Object.entries(style).map(([name, value]) => {
        if (
          !/^[a-z][a-z0-9-]*$/.test(name) ||
          typeof value !== 'string' ||
          !TOKEN_VALUE.test(value)
        )
          throw new Error(
            `${relative(webRoot, file)}: style.${name}: not a token (a-z0-9- = "a CSS value")`,
          );
        return `  --${name}: ${value};`;
      });
      return `:root {\n${lines.join('\n')}\n}\n`;
    },
    transform(code, id) {
      if (!id.endsWith('.toml')) return null;
      const data = parseToml(code);
      const css = data.style === undefined ? '' : `import ${JSON.stringify(`${id}.css`)};\n`;
      return { code: `${css}export default ${JSON.stringify(data)};`, map: null };
    },
  };
}

/**
 * Two builds share this file (see package.json "build"):
 *
 * - client (`vite build`): only the browser JavaScript — the shared scroll script that every
 *   page loads, the landing page's click script, and the waveads hydration entry with one
 *   dictionary chunk per language, and the operators' stats dashboard (React and uPlot, rendered
 *   in the browser only). Blog pages ship no JavaScript besides the scroll script.
 * - SSR (`vite build --ssr`): the prerender program. It imports every site, renders every
 *   route to HTML and writes manifest.json. `ssrEmitAssets` makes it emit each site's CSS
 *   (CSS Modules, one stylesheet per site chunk), which is what blog pages link to.
 *
 * CSS Module class names are derived from the file path and class name only, so the two builds
 * agree on them (the prerender checks that every class in a page exists in its stylesheets).
 */
const ssrBuild: BuildEnvironmentOptions = {
  outDir: `${buildDir}/web-ssr`,
  emptyOutDir: true,
  ssrEmitAssets: true,
  copyPublicDir: false,
  manifest: true,
  cssCodeSplit: true,
  minify: false,
  rolldownOptions: {
    input: { prerender: here('./src/prerender/main.tsx') },
    output: {
      entryFileNames: '[name].js',
      // Name each site's stylesheet after the site: assets/<site>-<hash>.css, not render-<hash>.css.
      assetFileNames: (asset) => {
        const css = asset.names.some((n) => n.endsWith('.css'));
        const from = asset.originalFileNames.join(' ');
        const site = css ? /src\/sites\/([a-z0-9-]+)\/render\.tsx/.exec(from)?.[1] : undefined;
        return site ? `assets/${site}-[hash][extname]` : 'assets/[name]-[hash][extname]';
      },
    },
  },
};

const clientBuild: BuildEnvironmentOptions = {
  outDir: `${buildDir}/web`,
  emptyOutDir: true,
  manifest: true,
  cssCodeSplit: true,
  // Every page is a full page load of prerendered HTML; the prerender writes the
  // <link rel="modulepreload"> tags itself, so no polyfill (and no inline script) is needed.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    input: {
      'scroll-top': here('./src/shared/scroll/scroll-top.ts'),
      'landing-click': here('./src/sites/enicf/landing-click.ts'),
      waveads: here('./src/sites/waveads/entry-client.tsx'),
      // The operators' stats dashboard (src/stats/): client-rendered, no site's code.
      stats: here('./src/stats/entry-client.tsx'),
    },
    output: {
      // React in its own long-lived chunk: a change to the site's code does not re-download it.
      advancedChunks: {
        groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
      },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), themeData()],
  // The prerender bundle runs from build/web-ssr/, outside web/, where web/node_modules cannot be
  // resolved: bundle every dependency into it so it is self-contained.
  ssr: { noExternal: true },
  css: {
    modules: {
      generateScopedName: scopedClassName,
    },
  },
  build: isSsrBuild ? ssrBuild : clientBuild,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A file per core: vitest leaves one core free by default, which on two cores ran the 48
    // files one at a time (47-63 s); with both busy, 35 s.
    maxWorkers: availableParallelism(),
  },
}));
