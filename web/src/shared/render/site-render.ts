import type { ReactElement } from 'react';
import type { Params } from 'react-router';
import type { BlogConfig } from '../blog/blog-config';
import type { ContentSource } from '../content/load-content';
import type { RouteSetKind } from '../routes/route-set';
import type { PageMeta } from '../seo/page-meta';
import type { Setting } from './settings';

/** The CSP directives a setting's origin may widen (the server's page CSP has these two). */
export type CspDirective = 'connect-src' | 'img-src';

/** What the prerender needs to write the HTML document around a page's markup. */
export interface DocumentInfo {
  readonly title: string;
  readonly description: string;
  /** `<html lang>`. */
  readonly lang: string;
  /** `data-*` attributes of `<div id="root">` (what a client entry needs to hydrate). */
  readonly rootData?: Readonly<Record<string, string>>;
  /** A client-build entry (its source path relative to web/) loaded as a module script. */
  readonly clientEntry?: string;
  /** Client-build chunks (source paths) the page will import at once: `<link rel="modulepreload">`. */
  readonly clientPreload?: readonly string[];
  /**
   * Client-build entries (source paths) loaded as module scripts on a page that is not hydrated:
   * small vanilla scripts such as the landing page's click handler. The page keeps its site's
   * stylesheets from the SSR build.
   */
  readonly scripts?: readonly string[];
  /** Same-origin pages a visitor is likely to open next: `<link rel="prefetch">`. */
  readonly prefetch?: readonly string[];
  /**
   * What an indexable page says of itself to search engines and link previews (canonical,
   * alternates, card, JSON-LD). Only the online route set's pages are written with it: the
   * prefixed set is never indexed.
   */
  readonly meta?: PageMeta;
  /** A page search engines must not keep: the 404 page, an empty article. */
  readonly noindex?: boolean;
  /** The settings whose tokens the page carries, filled in by the server at start-up. */
  readonly settings?: readonly Setting[];
  /** Settings whose URL's origin the page's CSP also allows, by directive. */
  readonly cspOrigins?: Readonly<Partial<Record<CspDirective, readonly Setting[]>>>;
}

/** A react-router route object plus the document information of the page it renders. */
export interface SiteRouteObject {
  readonly path: string;
  readonly element: ReactElement;
  readonly document: (params: Params) => DocumentInfo;
}

export interface RenderContext {
  readonly routeSet: RouteSetKind;
  /** The language being rendered, for sites with per-language pages; else the site's own. */
  readonly lang: string;
  /** The page is rendered for its language's own URL (/ja/...), not for one the cookie picks. */
  readonly localized?: boolean;
}

/** A site with its content loaded, ready to render any route of either route set. */
export interface PreparedSite {
  /** Canonical ids of the articles each detail page knows, by detail page name. */
  readonly knownIds: Readonly<Record<string, readonly string[]>>;
  /** Ids of expired articles by detail page name: answered 410 Gone with the not-found page. */
  readonly goneIds?: Readonly<Record<string, readonly string[]>>;
  /** Later moments at which the site's pages change (an article goes live or expires). */
  readonly schedule?: readonly number[];
  routeObjects(context: RenderContext): SiteRouteObject[];
}

/** Each site's render module exports `prepare`: load and validate its content, once. */
/**
 * Loads a site's content and readies its pages. A themed blog (content/<site>/site.toml) is
 * given its config; a site of its own code is not.
 */
export type PrepareSite = (content: ContentSource, blog?: BlogConfig) => Promise<PreparedSite>;
