import type { ReactNode } from 'react';
import type { ImageLookup } from '../content/load-content';
import type { Article } from '../content/schema';
import { Picture } from '../images/picture';
import { withShared } from './shared-classes';
import t from './teaser.module.css';

/** The class that makes a link cover its card (the nearest positioned box). */
export const stretchLink = t.stretch;

/** The classes of a home list: the list, an item (or each item's), its picture and its words. */
export interface TeaserClasses {
  readonly list?: string | undefined;
  readonly item?: string | ((index: number) => string | undefined) | undefined;
  readonly image?: string | undefined;
  readonly body?: string | undefined;
}

/**
 * The articles of a home list, each as its picture, then its words in the theme's order
 * (`children`), then what a theme adds after them (`after`: the deals coupon's tear-off strip).
 * The first picture is the page's first: loaded eagerly.
 */
export function TeaserList(props: {
  list: readonly Article[];
  images: ImageLookup;
  ordered?: boolean;
  /** Cards that lift while hovered. */
  lift?: boolean;
  /** The pictures' `sizes`, or each one's. */
  sizes: string | ((index: number) => string);
  classes: TeaserClasses;
  /** An article's words, given its index and the href of its page. */
  children: (article: Article, index: number, href: string) => ReactNode;
  after?: (article: Article, href: string) => ReactNode;
  href: (id: string) => string;
}) {
  const { sizes, classes: own } = props;
  const s = withShared(t, { list: own.list, image: own.image, body: own.body });
  const item = (i: number) =>
    [t.item, props.lift && t.lift, typeof own.item === 'function' ? own.item(i) : own.item]
      .filter(Boolean)
      .join(' ');
  const List = props.ordered ? 'ol' : 'ul';
  return (
    <List className={s.list}>
      {props.list.map((a, i) => (
        <li key={a.id} className={item(i)}>
          <Picture
            className={s.image}
            image={props.images(a.image)}
            sizes={typeof sizes === 'string' ? sizes : sizes(i)}
            priority={i === 0}
          />
          <div className={s.body}>{props.children(a, i, props.href(a.id))}</div>
          {props.after?.(a, props.href(a.id))}
        </li>
      ))}
    </List>
  );
}

/**
 * An article's title as the link to it; `stretch`: the link covers its card, `card`: also above
 * the card's positioned parts, and quiet until the card is hovered.
 */
export function TeaserTitle(props: {
  level: 'h2' | 'h3';
  article: Article;
  href: string;
  className?: string | undefined;
  cover?: 'stretch' | 'card';
}) {
  const Heading = props.level;
  return (
    <Heading className={props.className}>
      <a
        className={props.cover && t[props.cover === 'card' ? 'cardLink' : 'stretch']}
        href={props.href}
      >
        {props.article.title}
      </a>
    </Heading>
  );
}

/** 'Read More →', which a screen reader hears with the article's title. */
export function ReadMore(props: { href: string; title: string; className?: string | undefined }) {
  return (
    <a className={props.className} href={props.href}>
      Read More →<span className="visually-hidden">{` ${props.title}`}</span>
    </a>
  );
}
