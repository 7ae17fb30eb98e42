import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY, readAttribution } from '../../shared/attribution/attribution';

// The entry runs on import; without #root it stops after the capture, before hydrating.
async function loadPage(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  await import('./entry-client');
}

beforeEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the waveads browser entry', () => {
  it("captures the session's attribution on the first page and keeps it on the next", async () => {
    await loadPage('/?utm_source=newsletter&gclid=g1');
    const first = readAttribution(sessionStorage);
    expect(first).toEqual({
      utm_source: 'newsletter',
      gclid: 'g1',
      landing_path: '/',
      first_seen: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
    await loadPage('/contact-us?utm_source=later');
    expect(readAttribution(sessionStorage)).toEqual(first);
    expect(Object.keys(sessionStorage)).toEqual([ATTRIBUTION_STORAGE_KEY]);
  });

  it('goes on to hydrate when session storage is disabled', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const findRoot = vi.spyOn(document, 'getElementById');
    await loadPage('/?utm_source=x');
    expect(findRoot).toHaveBeenCalledWith('root');
  });
});
