import { Link } from 'react-router';
import { DateText } from '../../shared/components/date-text';
import type { Article } from '../../shared/content/schema';
import { detailPath, type VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { tts2Routes } from './routes';
import s from './home-page.module.css';

export function HomePage(props: { variant: VariantKind; cards: readonly Article[] }) {
  return (
    <Layout variant={props.variant}>
      <h1 className="visually-hidden">Wayfarer Journal</h1>
      <ul className={s.grid}>
        {props.cards.map((a) => {
          const href = detailPath(tts2Routes, 'article', props.variant, a.id);
          return (
            <li key={a.id} className={s.card}>
              <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
              <h2 className={s.title}>
                <Link to={href}>{a.title}</Link>
              </h2>
              <p className={s.excerpt}>{a.excerpt}</p>
              <Link className={s.more} to={href}>
                Read More →<span className="visually-hidden">{` – ${a.title}`}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}
