import { defineRoutes } from '../../shared/routes/route-set';

/** The Block Blast! landing page. Its test path has no site prefix. */
export const enicfRoutes = defineRoutes({
  site: 'enicf',
  pages: [
    { page: 'landing', prefixed: ['/view/ecinf'], online: ['/', '/view/ecinf'] },
    { page: 'privacy', prefixed: ['/enicf/privacy'], online: ['/privacy'] },
  ],
  details: [],
});
