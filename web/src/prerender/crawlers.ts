import crawlerUserAgents from 'crawler-user-agents';

/**
 * Known crawlers for the server (docs/manifest.md, "crawlers"), from the maintained npm list
 * crawler-user-agents, compiled into the bundle at build time: a crawler that follows a /go/
 * link is redirected but its click is not recorded.
 *
 * The list's patterns are JavaScript regular expressions, nearly all plain text with some
 * characters escaped. Those go to the server as the text they match (it finds them with one pass
 * over the User-Agent); only the few real expressions stay patterns.
 */
export interface CrawlerList {
  readonly literals: readonly string[];
  readonly patterns: readonly string[];
}

/** The text `pattern` matches when it is plain text, with its escapes undone; else null. */
export function literalOf(pattern: string): string | null {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      // "\/" or "\." is the character itself; "\d", "\s" and the like are classes.
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
    } else if ('^$.*+?()[]{}|'.includes(c)) {
      return null;
    } else {
      out += c;
    }
  }
  return out === '' ? null : out;
}

export function crawlerList(
  entries: readonly { pattern: string }[] = crawlerUserAgents,
): CrawlerList {
  const literals: string[] = [];
  const patterns: string[] = [];
  for (const { pattern } of entries) {
    const literal = literalOf(pattern);
    if (literal === null) patterns.push(pattern);
    else literals.push(literal);
  }
  return { literals, patterns };
}
