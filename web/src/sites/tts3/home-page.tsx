import { Link } from 'react-router';
import { DateText } from '../../shared/components/date-text';
import type { Article } from '../../shared/content/schema';
import { detailPath, type VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { tts3Routes } from './routes';
import s from './home-page.module.css';

export function HomePage(props: { variant: VariantKind; list: readonly Article[] }) {
  return (
    <Layout variant={props.variant}>
      <section className={s.banner}>
        <h1 className={s.bannerTitle}>Welcome To Youadsmedia-Top</h1>
      </section>
      <ol className={s.list}>
        {props.list.map((a, i) => {
          const href = detailPath(tts3Routes, 'article', props.variant, a.id);
          return (
            <li key={a.id} className={s.item}>
              <span className={s.number} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <div className={s.body}>
                <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
                <h2 className={s.title}>
                  <Link to={href}>{a.title}</Link>
                </h2>
                <p className={s.excerpt}>{a.excerpt}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </Layout>
  );
}
