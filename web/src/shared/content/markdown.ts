import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import {
  ContentError,
  IMAGE_SRC_RE,
  parseArticle,
  type Article,
  type ArticleRules,
  type Block,
  type ImageRef,
  type Inline,
  type Section,
} from './schema';

/**
 * An article file, content/<site>/articles/<id>.md: YAML front matter (id, title, date, optional
 * updated, excerpt, image) between two "---" lines, then a CommonMark body parsed by markdown-it
 * (content/README.md). A "## " heading opens a section; an image alone on the line after it is
 * the section's picture; paragraphs, emphasis, lists and links are the rest. Links go through the
 * link registry ([text](go:slug)) or to another article of the same blog ([text](article:id)).
 *
 * Anything the product would not render as written is refused with "file:line: reason": raw
 * HTML (no way for a script through content), another heading level, a picture out of place, a
 * link elsewhere, an unknown slug.
 */

/** What an article's links and pictures may name, checked while it is parsed. */
export interface LinkRules {
  /** The slugs of the link registry (content/links.toml). */
  readonly slugs: ReadonlySet<string>;
  /** Whether content/<site>/images/ has the picture; unchecked when absent. */
  readonly hasPicture?: (src: string) => boolean;
}

// CommonMark exactly, with raw HTML recognised (html: true) so that it can be refused with its
// line rather than printed as text; nothing linkified or made typographic behind the writer's back.
const md = new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false });
// markdown-it leaves a javascript: or data: link as text; every link is let through here so that
// it is refused by name below, not printed as "[text](javascript:...)".
md.validateLink = () => true;

const FENCE = '---';

/** The front matter's text and the body, with the line (1-based) each starts on. */
function split(text: string, file: string) {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== FENCE) {
    throw new ContentError(`${file}:1`, '', 'an article starts with "---" and its front matter');
  }
  const end = lines.findIndex((l, i) => i > 0 && l.trimEnd() === FENCE);
  if (end < 0) throw new ContentError(`${file}:1`, '', 'the front matter has no closing "---"');
  return {
    frontMatter: lines.slice(1, end).join('\n'),
    frontMatterLine: 2,
    body: lines.slice(end + 1).join('\n'),
    bodyLine: end + 2,
  };
}

/** The 1-based line of top-level key `key` in the front matter, or its first line. */
function keyLine(doc: Document, lines: LineCounter, key: string, offset: number): number {
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.value === key && item.key.range) {
        return lines.linePos(item.key.range[0]).line + offset - 1;
      }
    }
  }
  return offset;
}

function frontMatter(
  text: string,
  file: string,
  line: number,
): { value: unknown; lineOf: (field: string) => number } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem !== undefined) {
    const at = lines.linePos(problem.pos[0]).line + line - 1;
    throw new ContentError(`${file}:${at}`, '', `front matter: ${problem.message.split('\n')[0]}`);
  }
  return {
    value: doc.toJS() as unknown,
    lineOf: (field) => keyLine(doc, lines, field.split(/[.[]/)[0] ?? '', line),
  };
}

/** A parsing position: the file, and the line the body starts on. */
class Body {
  constructor(
    readonly file: string,
    private readonly firstLine: number,
  ) {}

  line(token: Token | undefined): number {
    return (token?.map?.[0] ?? 0) + this.firstLine;
  }

  fail(token: Token | undefined, reason: string): never {
    throw new ContentError(`${this.file}:${this.line(token)}`, '', reason);
  }
}

function inlineText(children: readonly Token[]): string {
  return children
    .map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : ''))
    .join('');
}

/** An inline token's children as the product's inline content. */
function inlines(body: Body, inline: Token, links: LinkRules, refs: ArticleRef[]): Inline[] {
  const stack: { open: string; children: Inline[]; make: (c: Inline[]) => Inline }[] = [];
  const out: Inline[] = [];
  const push = (node: Inline) => (stack.at(-1)?.children ?? out).push(node);
  for (const t of inline.children ?? []) {
    switch (t.type) {
      case 'text':
        push(t.content);
        break;
      case 'softbreak':
        push(' ');
        break;
      case 'hardbreak':
        push({ br: true });
        break;
      case 'code_inline':
        push({ code: t.content });
        break;
      case 'em_open':
        stack.push({ open: 'em', children: [], make: (c) => ({ em: c }) });
        break;
      case 'strong_open':
        stack.push({ open: 'strong', children: [], make: (c) => ({ strong: c }) });
        break;
      case 'link_open': {
        const href = String(t.attrGet('href') ?? '');
        if (t.attrGet('title') !== null) body.fail(inline, `a link takes no title ("${href}")`);
        const go = /^go:(.*)$/.exec(href);
        const article = /^article:(.*)$/.exec(href);
        if (go) {
          const slug = go[1]!;
          if (!links.slugs.has(slug)) {
            body.fail(inline, `unknown link slug "${slug}": add it to content/links.toml first`);
          }
          stack.push({ open: 'link', children: [], make: (c) => ({ go: slug, children: c }) });
        } else if (article) {
          const id = article[1]!;
          refs.push({ id, line: body.line(inline) });
          stack.push({ open: 'link', children: [], make: (c) => ({ article: id, children: c }) });
        } else {
          body.fail(
            inline,
            `a link to another site goes through the link registry: write [text](go:slug), not "${href}"`,
          );
        }
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 'link_close': {
        const open = stack.pop();
        if (open === undefined) body.fail(inline, `unbalanced ${t.type}`);
        push(open.make(open.children));
        break;
      }
      case 'html_inline':
        body.fail(inline, `raw HTML is not allowed in an article: ${t.content.trim()}`);
        break;
      case 'image':
        body.fail(inline, "a picture stands alone on the line after its section's heading");
        break;
      default:
        body.fail(inline, `"${t.type}" is not something an article can hold`);
    }
  }
  if (stack.length > 0) body.fail(inline, 'unclosed emphasis or link');
  return out;
}

/** A paragraph that is one picture and nothing else, as `![alt](file.svg)`. */
function loneImage(body: Body, inline: Token): ImageRef | null {
  const children = (inline.children ?? []).filter(
    (t) => !(t.type === 'text' && t.content.trim() === ''),
  );
  if (children.length !== 1 || children[0]!.type !== 'image') return null;
  const img = children[0]!;
  const src = String(img.attrGet('src') ?? '');
  const alt = inlineText(img.children ?? []).trim();
  if (!IMAGE_SRC_RE.test(src)) {
    body.fail(inline, `a picture is a file of content/<site>/images/ like 3-s1.svg, not "${src}"`);
  }
  if (alt === '')
    body.fail(inline, `the picture ${src} needs its alternative text: ![what it shows](${src})`);
  return { src, alt };
}

interface ArticleRef {
  readonly id: string;
  readonly line: number;
}

/** The body's sections. `refs` collects the links to other articles, checked once all are known. */
function sections(body: Body, text: string, links: LinkRules, refs: ArticleRef[]): Section[] {
  const tokens = md.parse(text, {});
  const out: { heading: string; image?: ImageRef; blocks: Block[] }[] = [];
  const current = (t: Token) => out.at(-1) ?? body.fail(t, 'the body starts with a "## " heading');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'heading_open': {
        if (t.tag !== 'h2')
          body.fail(t, `only "## " headings, which open sections (found ${t.markup})`);
        const heading = tokens[i + 1]!;
        if ((heading.children ?? []).some((c) => c.type !== 'text')) {
          body.fail(t, 'a heading is plain text');
        }
        const title = inlineText(heading.children ?? []).trim();
        if (title === '') body.fail(t, 'an empty heading');
        out.push({ heading: title, blocks: [] });
        i += 2;
        break;
      }
      case 'paragraph_open': {
        const section = current(t);
        const inline = tokens[i + 1]!;
        const image = loneImage(body, inline);
        if (image !== null && links.hasPicture && !links.hasPicture(image.src)) {
          body.fail(t, `the picture ${image.src} is not in the blog's images/ folder`);
        }
        if (image !== null) {
          if (section.blocks.length > 0 || section.image !== undefined) {
            body.fail(t, "a picture stands alone on the line after its section's heading");
          }
          section.image = image;
        } else {
          section.blocks.push({ p: inlines(body, inline, links, refs) });
        }
        i += 2;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const section = current(t);
        const items: Inline[][] = [];
        let j = i + 1;
        for (; tokens[j]!.type !== t.type.replace('_open', '_close'); j++) {
          const u = tokens[j]!;
          if (u.type === 'bullet_list_open' || u.type === 'ordered_list_open') {
            body.fail(u, 'a list inside a list is not supported');
          }
          if (u.type === 'inline') items.push(inlines(body, u, links, refs));
          else if (!/^(list_item|paragraph)_(open|close)$/.test(u.type)) {
            body.fail(u, `"${u.type}" inside a list is not supported`);
          }
        }
        section.blocks.push({ list: t.type === 'bullet_list_open' ? 'ul' : 'ol', items });
        i = j;
        break;
      }
      case 'html_block':
        body.fail(t, `raw HTML is not allowed in an article: ${t.content.trim().split('\n')[0]}`);
        break;
      default:
        body.fail(t, `"${t.markup || t.type}" (${t.type}) is not something an article can hold`);
    }
  }
  return out;
}

/**
 * Whether an article file says `draft: true` in its front matter: read before anything else is
 * checked, so that a draft being written never stops a build of what is published.
 */
export function isDraft(text: string, file: string): boolean {
  const parts = split(text, file);
  const front = frontMatter(parts.frontMatter, file, parts.frontMatterLine).value;
  return (
    typeof front === 'object' && front !== null && (front as Record<string, unknown>).draft === true
  );
}

/** The Markdown of an article, parsed and checked; `fileId` is the file name without `.md`. */
export function parseMarkdownArticle(
  text: string,
  file: string,
  fileId: string,
  rules: ArticleRules,
  links: LinkRules,
): { article: Article; refs: readonly ArticleRef[] } {
  const parts = split(text, file);
  const front = frontMatter(parts.frontMatter, file, parts.frontMatterLine);
  const body = new Body(file, parts.bodyLine);
  const refs: ArticleRef[] = [];
  const parsed = sections(body, parts.body, links, refs);
  if (parsed.length < rules.minSections) {
    body.fail(
      undefined,
      `expected at least ${rules.minSections} sections ("## " headings), found ${parsed.length}`,
    );
  }
  const value =
    typeof front.value === 'object' && front.value !== null && !Array.isArray(front.value)
      ? { ...(front.value as Record<string, unknown>) }
      : front.value;
  // The front matter is checked by the same rules as ever; a problem is reported at its key.
  try {
    const article = parseArticle(value, file, fileId, rules, parsed, '.md');
    if (links.hasPicture && !links.hasPicture(article.image.src)) {
      throw new ContentError(
        file,
        'image.src',
        `the picture ${article.image.src} is not in the blog's images/ folder`,
      );
    }
    return { article, refs };
  } catch (e) {
    if (e instanceof ContentError && e.field !== '') {
      throw new ContentError(`${file}:${front.lineOf(e.field)}`, '', `${e.field}: ${e.problem}`);
    }
    throw e;
  }
}
