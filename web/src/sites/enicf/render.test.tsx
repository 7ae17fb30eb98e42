import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPath } from '../../shared/render/test-render';
import { prepare } from './render';
import { LANDING_SETTINGS } from './settings';

describe('the Block Blast! landing page (enicf)', async () => {
  const site = await prepare({ dir: '/nonexistent', warn: () => {} });

  it.each([
    ['prefixed', '/view/ecinf'],
    ['online', '/'],
    ['online', '/view/ecinf'],
  ] as const)('%s %s: one App Store badge carrying the run-time tokens', (routeSet, path) => {
    const { unmount } = renderPath(site.routeObjects({ routeSet, lang: 'en' }), path);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    const badge = screen.getByRole('link', { name: 'Download on the App Store: Block Blast!' });
    expect(badge.getAttribute('href')).toBe(LANDING_SETTINGS.appStoreUrl.html);
    expect(badge.dataset).toMatchObject({
      tracking: LANDING_SETTINGS.trackingUrl.html,
      offer: LANDING_SETTINGS.offer.html,
      affiliate: LANDING_SETTINGS.affiliate.html,
    });
    expect(badge.textContent).toBe('Download on theApp Store');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Block Blast!');
    unmount();
  });

  it('takes the [landing] settings, allows the tracking origin, and loads the click script, not React', () => {
    const [route] = site.routeObjects({ routeSet: 'online', lang: 'en' });
    const doc = route!.document({});
    expect(doc.settings?.map((s) => s.key)).toEqual([
      'landing.app_store_url',
      'landing.tracking_url',
      'landing.offer',
      'landing.affiliate',
    ]);
    expect(doc.cspOrigins?.['connect-src']).toEqual([LANDING_SETTINGS.trackingUrl]);
    expect(doc.scripts).toEqual(['src/sites/enicf/landing-click.ts']);
    expect(doc.clientEntry).toBeUndefined();
  });
});
