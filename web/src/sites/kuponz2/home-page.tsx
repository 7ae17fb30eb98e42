import { Link } from 'react-router';
import { DateText } from '../../shared/components/date-text';
import type { Article } from '../../shared/content/schema';
import { detailPath, type VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { kuponz2Routes } from './routes';
import { BRAND } from './site';
import s from './home-page.module.css';

export function HomePage(props: { variant: VariantKind; list: readonly Article[] }) {
  return (
    <Layout variant={props.variant}>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <h1 className={s.bannerTitle}>{BRAND}</h1>
          <p className={s.bannerText}>
            Welcome to Kuponz Beauty, your guide to skincare, makeup and fragrance — with cashback
            rewards every time you shop for cosmetics through our partner stores.
          </p>
        </div>
      </section>
      <ol className={s.list}>
        {props.list.map((a) => (
          <li key={a.id} className={s.item}>
            <h2 className={s.title}>
              <Link to={detailPath(kuponz2Routes, 'article', props.variant, a.id)}>{a.title}</Link>
            </h2>
            <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
            <p className={s.excerpt}>{a.excerpt}</p>
          </li>
        ))}
      </ol>
    </Layout>
  );
}
