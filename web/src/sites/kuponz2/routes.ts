import { defineRoutes } from '../../shared/routes/route-set';

/** Kuponz Beauty, the cashback beauty shop. Ids are numbers. */
export const kuponz2Routes = defineRoutes({
  site: 'kuponz2',
  pages: [
    { page: 'home', prefixed: ['/kuponz2/home'], online: ['/', '/home'] },
    { page: 'france', prefixed: ['/kuponz2/france'], online: ['/france'] },
    { page: 'privacy', prefixed: ['/kuponz2/privacy'], online: ['/privacy'] },
  ],
  details: [
    {
      page: 'article',
      prefixed: '/kuponz2/article-detail/',
      online: '/article-detail/',
      id: 'number',
    },
  ],
});
