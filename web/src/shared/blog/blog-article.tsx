import { ArticleView, type ArticleClasses } from '../components/article-view';
import type { ImageLookup } from '../content/load-content';
import type { Article, Section } from '../content/schema';
import { Picture } from '../images/picture';

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
  const { classes: s, sizes } = props;
  return (
    <div className={s.page}>
      <ArticleView
        article={props.article}
        closing={props.closing}
        classes={s}
        media={(image, place) => (
          <Picture
            className={place === 'cover' ? s.cover : s.figure}
            image={props.images(image)}
            sizes={typeof sizes === 'string' ? sizes : sizes[place]}
            priority={place === 'cover'}
          />
        )}
      />
    </div>
  );
}
