/**
 * The operators' stats dashboard (src/stats/): an HTML shell with an empty mount point that
 * loads the `stats` client entry. The server answers `GET /stats/` with it on any host, behind
 * its own access check, and the page fetches `/stats/api`. It is in no route set: manifest.json
 * names it under `dashboard`. No site's code or stylesheet, no inline script or style (the
 * server's CSP for it is `default-src 'self'`, without 'unsafe-inline').
 */
import type { Assets } from './assets';
import { writeOut } from './files';
import { htmlDocument } from './html-document';

/** The client entry (its key in the client build's manifest; vite.config.ts names it `stats`). */
export const DASHBOARD_ENTRY = 'src/stats/entry-client.tsx';
/** Where the shell is written, relative to build/web; manifest.json's `dashboard`. */
export const DASHBOARD_FILE = 'pages/stats.html';

export function dashboardHtml(assets: Assets): string {
  const { files: _files, ...links } = assets.entryLinks(DASHBOARD_ENTRY);
  // Shared chunks are fine (React); a site's own code or stylesheet is not.
  const siteFiles = assets.siteClientFiles();
  for (const url of [...links.scripts, ...links.modulePreloads, ...links.stylesheets]) {
    if (siteFiles.has(url.slice(1)))
      throw new Error(`the stats dashboard links a site's file: ${url}`);
  }
  return htmlDocument({
    lang: 'en',
    title: 'Stats · wavesites',
    description: 'Visits, clicks and leads of the wavesites sites, for their operators.',
    favicon: '/favicon.svg',
    noindex: true,
    ...links,
    body: '',
  });
}

/** Writes the shell; returns its path for manifest.json. */
export async function writeDashboard(assets: Assets): Promise<string> {
  await writeOut(DASHBOARD_FILE, dashboardHtml(assets));
  return DASHBOARD_FILE;
}
