import { useContext } from 'react';
import type { ArticleLinks } from '../components/article-body';
import { ArticleView, type ArticleClasses } from '../components/article-view';
import { DateText } from '../components/date-text';
import type { ImageLookup } from '../content/load-content';
import { countWords, type Article, type Section } from '../content/schema';
import { Picture } from '../images/picture';
import { ArticleContext, readingMinutes } from './article-context';
import page from './article-page.module.css';
import { withShared } from './shared-classes';
import x from './article-extras.module.css';
import { ArticleNavLinks } from './article-nav';

/** Links of an article rendered outside a blog (tests): nowhere. */
const NO_LINKS: ArticleLinks = { go: () => '#', article: () => '#' };

/** A blog's article-page classes: ArticleView's, the box around it and its two kinds of picture. */
export interface BlogArticleClasses extends ArticleClasses {
  readonly page?: string | undefined;
  readonly cover?: string | undefined;
  readonly figure?: string | undefined;
}

/**
 * A blog's article in its page box: the cover is the page's first picture (loaded eagerly, the
 * LCP candidate), every section picture lazily. No article (the empty article): an empty box.
 */
export function BlogArticle(props: {
  article: Article | undefined;
  /** Sections closing every article (the shop's common ones). */
  closing?: readonly Section[] | undefined;
  classes: BlogArticleClasses;
  images: ImageLookup;
  /** The `sizes` of both kinds of picture, or of each when the cover runs wider. */
  sizes: string | { readonly cover: string; readonly section: string };
}) {
  const { sizes, article } = props;
  const s = withShared(page, props.classes);
  const { brand, author, nav, links } = useContext(ArticleContext);
  return (
    <div className={s.page}>
      {article?.preview && <PreviewBand article={article} />}
      <ArticleView
        article={article}
        closing={props.closing}
        classes={{ ...s, list: s.list ?? x.list, link: s.link ?? x.textLink }}
        links={links ?? NO_LINKS}
        byline={article && <Byline article={article} closing={props.closing} author={author} />}
        media={(image, place) => (
          <Picture
            className={place === 'cover' ? s.cover : s.figure}
            image={props.images(image)}
            sizes={typeof sizes === 'string' ? sizes : sizes[place]}
            priority={place === 'cover'}
          />
        )}
      />
      {article && nav && <ArticleNavLinks nav={nav} brand={brand ?? ''} />}
    </div>
  );
}

/**
 * The writer's preview marks an article no visitor can see yet (make preview; a published build
 * never renders it): a draft, or one waiting for its `date`.
 */
function PreviewBand(props: { article: Article }) {
  const { article } = props;
  const at = article.publishAt && new Date(article.publishAt).toISOString();
  return (
    <p className={x.previewBand} role="note">
      {article.preview === 'draft' ? (
        <>
          <strong>Draft</strong> only the preview shows this article
        </>
      ) : (
        <>
          <strong>Scheduled</strong> goes live{' '}
          {at ? `${at.slice(0, 10)} ${at.slice(11, 16)} UTC` : ''}
        </>
      )}
    </p>
  );
}

/** Who wrote it, how long it reads, and when it was last revised. */
function Byline(props: {
  article: Article;
  closing?: readonly Section[] | undefined;
  author?: string | undefined;
}) {
  const { article } = props;
  const minutes = readingMinutes(countWords([...article.sections, ...(props.closing ?? [])]));
  return (
    <p className={x.byline}>
      {props.author && <span>By {props.author}</span>}
      <span>{minutes} min read</span>
      {article.updated && (
        <span>
          Updated <DateText date={article.updated.date} isoDate={article.updated.isoDate} />
        </span>
      )}
    </p>
  );
}
