import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentDirFromEnv } from '../../shared/content/load-content';
import { renderPath } from '../../shared/render/test-render';
import { prepare } from './render';
import { LANDING_SETTINGS } from './settings';

describe('the Block Blast! landing page (enicf)', async () => {
  const site = await prepare({ dir: contentDirFromEnv(), warn: () => {} });

  it('refuses to build without its link in the registry', async () => {
    await expect(prepare({ dir: '/nonexistent', warn: () => {} })).rejects.toThrow(
      'the landing page\'s button needs the link "block-blast"',
    );
  });

  it.each([
    ['prefixed', '/view/ecinf'],
    ['online', '/'],
    ['online', '/view/ecinf'],
  ] as const)('%s %s: one App Store badge carrying the run-time tokens', (routeSet, path) => {
    const { unmount } = renderPath(site.routeObjects({ routeSet, lang: 'en' }), path);
    // The one button, and the footer's link to the privacy notice.
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Download on the App Store',
      'Privacy notice',
    ]);
    expect(document.querySelectorAll('[data-landing]')).toHaveLength(1);
    expect(links[1]!.getAttribute('href')).toBe(
      routeSet === 'online' ? '/privacy' : '/enicf/privacy',
    );
    const badge = screen.getByRole('link', { name: 'Download on the App Store: Block Blast!' });
    // Without the script, the server's platform-aware redirect; with it, the stores below.
    expect(badge.getAttribute('href')).toBe('/go/block-blast');
    expect(badge.dataset).toMatchObject({
      appStore: LANDING_SETTINGS.appStoreUrl.html,
      playStore: LANDING_SETTINGS.playStoreUrl.html,
      ct: LANDING_SETTINGS.appStoreCt.html,
      pt: LANDING_SETTINGS.appStorePt.html,
      tracking: LANDING_SETTINGS.trackingUrl.html,
      offer: LANDING_SETTINGS.offer.html,
      affiliate: LANDING_SETTINGS.affiliate.html,
    });
    expect(badge.textContent).toBe('Download on the App Store');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Block Blast!');
    unmount();
  });

  it('takes the [landing] settings, allows the tracking origin, and loads the click script, not React', () => {
    const [route] = site.routeObjects({ routeSet: 'online', lang: 'en' });
    const doc = route!.document({});
    expect(doc.settings?.map((s) => s.key)).toEqual([
      'landing.app_store_url',
      'landing.play_store_url',
      'landing.app_store_ct',
      'landing.app_store_pt',
      'landing.tracking_url',
      'landing.offer',
      'landing.affiliate',
      'landing.publisher',
      'landing.rating_value',
      'landing.rating_count',
    ]);
    expect(doc.cspOrigins?.['connect-src']).toEqual([LANDING_SETTINGS.trackingUrl]);
    expect(doc.scripts).toEqual(['src/sites/enicf/landing-click.ts']);
    expect(doc.clientEntry).toBeUndefined();
  });

  it('shows the publisher and the rating only where the server keeps them: inside their sections', () => {
    const { container, unmount } = renderPath(
      site.routeObjects({ routeSet: 'online', lang: 'en' }),
      '/',
    );
    const html = container.innerHTML;
    expect(html).toMatch(
      /\{\{\?landing\.publisher\}\}<p[^>]*>.*\{\{landing\.publisher\}\}<\/p>\{\{\/landing\.publisher\}\}/,
    );
    expect(html).toMatch(
      /\{\{\?landing\.rating_value\}\}<p[^>]*>.*\{\{\/landing\.rating_value\}\}/,
    );
    expect(
      screen.getByRole('region', { name: 'Block Blast! screenshots' }).querySelectorAll('img'),
    ).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'About this game' })).toBeTruthy();
    unmount();
  });
});
