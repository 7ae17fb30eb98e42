import { defineRoutes } from '../../shared/routes/route-set';

/** GlowBack, the beauty blog. Ids are numbers ("01" is article 1). */
export const tts1Routes = defineRoutes({
  site: 'tts1',
  pages: [
    { page: 'home', prefixed: ['/tts1/home'], online: ['/', '/home'] },
    { page: 'privacy', prefixed: ['/tts1/privacy'], online: ['/privacy'] },
  ],
  details: [
    {
      page: 'article',
      prefixed: '/tts1/article-detail/',
      online: '/article-detail/',
      id: 'number',
    },
  ],
});
