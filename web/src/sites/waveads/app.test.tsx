import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGS } from '../../shared/i18n/lang';
import { WaveadsApp, type WaveadsAppProps } from './app';
import { loadDictionary } from './i18n/dictionaries';
import { en } from './i18n/en';
import { ContactPage } from './pages/contact-page';
import { HomePage } from './pages/home-page';

const props = (over: Partial<WaveadsAppProps> = {}): WaveadsAppProps => {
  const page = over.page ?? 'home';
  const routeSet = over.routeSet ?? 'prefixed';
  return {
    page,
    routeSet,
    lang: 'en',
    dictionary: en,
    settings: {},
    children: page === 'home' ? <HomePage /> : <ContactPage />,
    ...over,
  };
};

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'lang=; Max-Age=0; Path=/';
  window.history.replaceState(null, '', '/');
});

const cleanups: (() => void)[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const undo of cleanups.splice(0)) undo();
});

describe('the waveads home page', () => {
  it('shows the banner, the top bar and the careers footer', () => {
    render(<WaveadsApp {...props()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The Digital Wave Rider');
    expect(screen.getByRole('button', { name: /^Careers/ })).toBeTruthy();
    expect(screen.getByText('Copyright © 2026 WaveAds. All Rights Reserved.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
  });

  it('has every section of docs/product.md: the sites, the screens and the figures', () => {
    render(<WaveadsApp {...props()} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Global Team',
        'Trusted by Global Leading Brands',
        'Exclusive user-acquisition partnerships',
      ]),
    );
    const text = document.body.textContent!;
    for (const expected of [
      'founded in 2017',
      'headquartered in Los Angeles',
      'User acquisition',
      'Re-targeting',
      'App-store optimisation',
      'Traffic monetisation',
      'Full life-cycle management',
      'App developers',
      'Streaming companies',
      'Head of SEA',
      'Head of LATAM',
      'Head of East Asia',
      'Cost per sale (CPS)',
      'Cost per install (CPI)',
      'Indonesia',
      'Vietnam',
      'Philippines',
      'Malaysia',
      'Singapore',
      'Over $20 million',
      'Over $6 million',
      '1.5x',
      '2X',
      'Over 7X%',
    ]) {
      expect(text).toContain(expected);
    }
    const regions = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(regions).toEqual(expect.arrayContaining(['LATAM', 'US', 'SEA', 'EU', 'CIS']));
    expect(screen.getAllByRole('img', { name: /^Illustrated portrait of / })).toHaveLength(3);
  });

  it('duplicates the logo wall once after loading, the copy hidden', () => {
    render(<WaveadsApp {...props()} />);
    const track = document.querySelector('[data-count]')!;
    const items = track.querySelectorAll('li');
    expect(track.getAttribute('data-count')).toBe(String(items.length));
    expect(items.length).toBe(20);
    expect(track.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(10);
    expect(within(track as HTMLElement).getAllByRole('img')).toHaveLength(10);
  });

  it('prerenders the logo wall once (the copy comes on load)', () => {
    const html = renderToString(<WaveadsApp {...props()} />);
    expect(html.match(/<li[^>]*><img[^>]*alt="(Lumaroo|Pesoly)"/g)).toHaveLength(2);
    expect(html).not.toContain('aria-hidden="true"><img');
  });

  it('opens the resume dialog from the careers text', () => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.open = true;
    };
    render(<WaveadsApp {...props()} />);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Careers/ }));
    expect(dialog.open).toBe(true);
  });

  it('links inside the prefixed route set', () => {
    render(<WaveadsApp {...props()} />);
    expect(screen.getByRole('link', { name: /WaveAds/ }).getAttribute('href')).toBe(
      '/waveads/home',
    );
    for (const link of screen.getAllByRole('link', { name: 'Contact Us' })) {
      expect(link.getAttribute('href')).toBe('/waveads/contact-us');
    }
    expect(screen.getByRole('link', { name: 'Talk to our team' }).getAttribute('href')).toBe(
      '/waveads/contact-us',
    );
  });

  it('links inside the online (global host) route set', () => {
    render(<WaveadsApp {...props({ routeSet: 'online' })} />);
    expect(screen.getByRole('link', { name: /WaveAds/ }).getAttribute('href')).toBe('/');
    for (const link of screen.getAllByRole('link', { name: 'Contact Us' })) {
      expect(link.getAttribute('href')).toBe('/contact-us');
    }
  });

  it('shows the contact page banner', () => {
    render(<WaveadsApp {...props({ page: 'contact-us' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Get in touch');
    expect(screen.getByRole('form', { name: 'Tell us about your business' })).toBeTruthy();
  });

  it('renders another language from its dictionary', async () => {
    const ja = await loadDictionary.ja();
    render(<WaveadsApp {...props({ lang: 'ja', dictionary: ja })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ja['home.banner.title']);
    expect(screen.getByRole('button', { name: '言語 / Language' })).toBeTruthy();
  });
});

describe('the language menu', () => {
  const open = () => {
    const toggle = screen.getByRole('button', { name: 'Language' });
    fireEvent.click(toggle);
    return toggle;
  };

  it('toggles a list of the five languages in their own names', () => {
    render(<WaveadsApp {...props()} />);
    const toggle = screen.getByRole('button', { name: 'Language' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const names = within(list)
      .getAllByRole('link')
      .map((b) => b.firstChild?.textContent);
    expect(names).toEqual(['English', '日本語', '한국어', 'Español', 'Português']);
    fireEvent.click(toggle);
    expect(list.hidden).toBe(true);
  });

  it('closes on Escape and on a click outside', () => {
    render(<WaveadsApp {...props()} />);
    const toggle = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    open();
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('links each language to the same page at its own URL', () => {
    render(<WaveadsApp {...props({ page: 'contact-us', routeSet: 'online' })} />);
    open();
    const links = screen.getAllByRole('link', { name: /English|日本語|한국어|Español|Português/ });
    expect(links.map((a) => [a.getAttribute('hreflang'), a.getAttribute('href')])).toEqual([
      ['en', '/contact-us'],
      ['ja', '/ja/contact-us'],
      ['ko', '/ko/contact-us'],
      ['es', '/es/contact-us'],
      ['pt', '/pt/contact-us'],
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('true');
  });

  it("keeps the site's links in the language on a language's own URL, and only there", async () => {
    const ja = await loadDictionary.ja();
    const links = () =>
      ['WaveAds', ja['nav.contactUs']].map((name) =>
        within(screen.getByRole('banner'))
          .getByRole('link', { name: new RegExp(name) })
          .getAttribute('href'),
      );
    render(<WaveadsApp {...props({ routeSet: 'online', lang: 'ja', dictionary: ja })} />);
    expect(links()).toEqual(['/', '/contact-us']);
    cleanup();
    render(
      <WaveadsApp
        {...props({ routeSet: 'online', lang: 'ja', localized: true, dictionary: ja })}
      />,
    );
    expect(links()).toEqual(['/ja/', '/ja/contact-us']);
    expect(screen.getByRole('link', { name: ja['home.banner.cta'] }).getAttribute('href')).toBe(
      '/ja/contact-us',
    );
    cleanup();
    render(<WaveadsApp {...props({ lang: 'ja', localized: true, dictionary: ja })} />);
    expect(links()).toEqual(['/waveads/ja/home', '/waveads/ja/contact-us']);
  });

  it('links the prefixed pages inside the prefix, and the homes with a trailing slash', () => {
    render(<WaveadsApp {...props()} />);
    open();
    expect(screen.getByRole('link', { name: /日本語/ }).getAttribute('href')).toBe(
      '/waveads/ja/home',
    );
    cleanup();
    render(<WaveadsApp {...props({ routeSet: 'online' })} />);
    open();
    expect(screen.getByRole('link', { name: /日本語/ }).getAttribute('href')).toBe('/ja/');
  });

  it('stores the choice in localStorage and the lang cookie, and lets the link navigate', () => {
    render(<WaveadsApp {...props()} />);
    open();
    const navigated = followedClicks();
    fireEvent.click(screen.getByRole('link', { name: /한국어/ }));
    expect(localStorage.getItem('lang')).toBe('ko');
    expect(document.cookie).toContain('lang=ko');
    expect(navigated).toEqual([true]);
  });

  it('only closes when the current language is chosen', () => {
    render(<WaveadsApp {...props()} />);
    const toggle = open();
    const navigated = followedClicks();
    fireEvent.click(screen.getByRole('link', { name: /English/ }));
    expect(navigated).toEqual([false]);
    expect(localStorage.getItem('lang')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

/**
 * Records, for each click that reaches the document, whether the page let the browser follow it;
 * then stops it (jsdom cannot navigate).
 */
function followedClicks(): boolean[] {
  const followed: boolean[] = [];
  const listener = (e: Event) => {
    followed.push(!e.defaultPrevented);
    e.preventDefault();
  };
  document.addEventListener('click', listener);
  cleanups.push(() => document.removeEventListener('click', listener));
  return followed;
}

describe('hydration', () => {
  it.each(LANGS)('hydrates the prerendered %s page without a warning', async (lang) => {
    const dictionary = await loadDictionary[lang]();
    // Even with another stored preference: the first render follows the page's language.
    localStorage.setItem('lang', lang === 'en' ? 'ja' : 'en');
    const app = <WaveadsApp {...props({ lang, dictionary })} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: recoverable });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  it('switches to the stored language after hydration when it differs from the page', async () => {
    localStorage.setItem('lang', 'es');
    const app = <WaveadsApp {...props()} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, app);
    });
    const es = await loadDictionary.es();
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe(es['home.banner.title']),
    );
    expect(document.documentElement.lang).toBe('es');
    expect(document.cookie).toContain('lang=es');
    container.remove();
  });

  it("keeps a language's own URL in its language whatever is stored", async () => {
    localStorage.setItem('lang', 'es');
    const ja = await loadDictionary.ja();
    const app = <WaveadsApp {...props({ lang: 'ja', localized: true, dictionary: ja })} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, app);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('h1')?.textContent).toBe(ja['home.banner.title']);
    expect(localStorage.getItem('lang')).toBe('es');
    container.remove();
  });
});
