import { defineRoutes } from '../../shared/routes/route-set';

/** Wayfarer Journal, the travel blog. Ids are matched as strings. */
export const tts2Routes = defineRoutes({
  site: 'tts2',
  pages: [
    { page: 'home', prefixed: ['/tts2/home'], online: ['/', '/home'] },
    { page: 'privacy', prefixed: ['/tts2/privacy'], online: ['/privacy'] },
  ],
  details: [
    {
      page: 'article',
      prefixed: '/tts2/article-detail/',
      online: '/article-detail/',
      id: 'string',
    },
  ],
});
