import type { ReactNode } from 'react';
import type { Article, ImageRef, Section } from '../content/schema';
import { ArticleBlocks, type ArticleLinks } from './article-body';
import { DateText } from './date-text';

/** Class names a site gives the parts of an article, so each blog keeps its own look. */
export interface ArticleClasses {
  readonly root?: string | undefined;
  readonly header?: string | undefined;
  readonly title?: string | undefined;
  readonly date?: string | undefined;
  readonly body?: string | undefined;
  readonly section?: string | undefined;
  readonly heading?: string | undefined;
  readonly paragraph?: string | undefined;
  readonly list?: string | undefined;
  readonly link?: string | undefined;
}

/** How a site renders an article's pictures: the cover (first on the page) or a section's. */
export type ArticleMedia = (image: ImageRef, place: 'cover' | 'section') => ReactNode;

/**
 * An article: its featured image (`media`), title, date, then its sections (heading, optional
 * image, paragraphs and lists with their links), then `closing` sections (the shop's common ones). With no article — an
 * unknown or malformed id — it renders nothing: docs/product.md's "empty article, with no message".
 */
export function ArticleView(props: {
  article: Article | undefined;
  closing?: readonly Section[] | undefined;
  classes: ArticleClasses;
  media?: ArticleMedia | undefined;
  /** Under the date: who wrote it, how long it reads, when it was revised. */
  byline?: ReactNode;
  /** Where its links point. */
  links: ArticleLinks;
}) {
  const { article, classes } = props;
  if (article === undefined) return null;
  const sections = [...article.sections, ...(props.closing ?? [])];
  return (
    <article className={classes.root}>
      {props.media?.(article.image, 'cover')}
      <header className={classes.header}>
        <h1 className={classes.title}>{article.title}</h1>
        <DateText className={classes.date} date={article.date} isoDate={article.isoDate} />
        {props.byline}
      </header>
      <div className={classes.body}>
        {sections.map((section, i) => (
          <section key={i} className={classes.section}>
            <h2 className={classes.heading}>{section.heading}</h2>
            {section.image && props.media?.(section.image, 'section')}
            <ArticleBlocks blocks={section.blocks} links={props.links} classes={classes} />
          </section>
        ))}
      </div>
    </article>
  );
}
