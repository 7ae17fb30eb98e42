import { defineRoutes } from '../../shared/routes/route-set';

/** Youadsmedia-Top, the lifestyle blog. Ids are numbers. */
export const tts3Routes = defineRoutes({
  site: 'tts3',
  pages: [
    { page: 'home', prefixed: ['/tts3/home'], online: ['/', '/home'] },
    { page: 'privacy', prefixed: ['/tts3/privacy'], online: ['/privacy'] },
  ],
  details: [
    {
      page: 'article',
      prefixed: '/tts3/article-detail/',
      online: '/article-detail/',
      id: 'number',
    },
  ],
});
