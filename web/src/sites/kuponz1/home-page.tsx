import { Link } from 'react-router';
import type { Article } from '../../shared/content/schema';
import { detailPath, type VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { kuponz1Routes } from './routes';
import s from './home-page.module.css';

export function HomePage(props: { variant: VariantKind; articles: readonly Article[] }) {
  return (
    <Layout variant={props.variant} kind="list">
      <ul className={s.grid}>
        {props.articles.map((a) => {
          const href = detailPath(kuponz1Routes, 'article', props.variant, a.id);
          return (
            <li key={a.id} className={s.card}>
              <h2 className={s.title}>
                <Link to={href}>{a.title}</Link>
              </h2>
              <p className={s.excerpt}>{a.excerpt}</p>
              <div className={s.stub}>
                <Link className={s.more} to={href}>
                  Read More →<span className="visually-hidden">{` – ${a.title}`}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}
