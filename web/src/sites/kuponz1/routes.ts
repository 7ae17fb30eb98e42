import { defineRoutes } from '../../shared/routes/route-set';

/** Kuponz, the coupon blog. Note the underscore in article_detail; ids are matched as strings. */
export const kuponz1Routes = defineRoutes({
  site: 'kuponz1',
  pages: [
    { page: 'home', prefixed: ['/kuponz1/home'], online: ['/', '/home'] },
    { page: 'privacy', prefixed: ['/kuponz1/privacy'], online: ['/privacy'] },
  ],
  details: [
    {
      page: 'article',
      prefixed: '/kuponz1/article_detail/',
      online: '/article_detail/',
      id: 'string',
    },
  ],
});
