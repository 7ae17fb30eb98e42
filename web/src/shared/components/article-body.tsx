import { SPONSORED_REL } from '../content/link-path';
import type { ReactNode } from 'react';
import type { Block, Inline } from '../content/schema';

/** Where an article's links point on the page it is on (its route set, its site, its id). */
export interface ArticleLinks {
  /** A link of the registry: /go/<slug>?from=<the article's id>. */
  readonly go: (slug: string) => string;
  /** Another article of the same blog. */
  readonly article: (id: string) => string;
}

/** Class names a site gives an article's blocks. */
export interface BlockClasses {
  readonly paragraph?: string | undefined;
  readonly list?: string | undefined;
  readonly link?: string | undefined;
}

function inline(node: Inline, key: number, links: ArticleLinks, classes: BlockClasses): ReactNode {
  if (typeof node === 'string') return node;
  if ('em' in node) return <em key={key}>{content(node.em, links, classes)}</em>;
  if ('strong' in node) return <strong key={key}>{content(node.strong, links, classes)}</strong>;
  if ('code' in node) return <code key={key}>{node.code}</code>;
  if ('br' in node) return <br key={key} />;
  if ('go' in node) {
    return (
      <a key={key} className={classes.link} href={links.go(node.go)} rel={SPONSORED_REL}>
        {content(node.children, links, classes)}
      </a>
    );
  }
  return (
    <a key={key} className={classes.link} href={links.article(node.article)}>
      {content(node.children, links, classes)}
    </a>
  );
}

/** Inline content; adjacent strings are one text node, as the prerendered HTML has them. */
function content(
  nodes: readonly Inline[],
  links: ArticleLinks,
  classes: BlockClasses,
): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, i) => {
    if (typeof node === 'string' && typeof out.at(-1) === 'string') out[out.length - 1] += node;
    else out.push(inline(node, i, links, classes));
  });
  return out;
}

/** An article's paragraphs and lists. */
export function ArticleBlocks(props: {
  blocks: readonly Block[];
  links: ArticleLinks;
  classes: BlockClasses;
}) {
  const { links, classes } = props;
  return props.blocks.map((block, i) => {
    if ('p' in block) {
      return (
        <p key={i} className={classes.paragraph}>
          {content(block.p, links, classes)}
        </p>
      );
    }
    const List = block.list;
    return (
      <List key={i} className={classes.list}>
        {block.items.map((item, j) => (
          <li key={j}>{content(item, links, classes)}</li>
        ))}
      </List>
    );
  });
}
