import { defineRoutes } from '../../shared/routes/route-set';
import { DEFAULT_LANG, LANGS } from '../../shared/i18n/lang';

/** The advertising company site: prerendered once per language, hydrated with React. */
export const waveadsRoutes = defineRoutes({
  site: 'waveads',
  pages: [
    { page: 'home', prefixed: ['/waveads/home'], online: ['/', '/home'] },
    { page: 'contact-us', prefixed: ['/waveads/contact-us'], online: ['/contact-us'] },
    { page: 'privacy', prefixed: ['/waveads/privacy'], online: ['/privacy'] },
  ],
  details: [],
  langs: { list: LANGS, default: DEFAULT_LANG },
});

export type WaveadsPage = (typeof waveadsRoutes.pages)[number]['page'];
