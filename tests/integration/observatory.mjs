// The Mozilla HTTP Observatory's grade, computed from its published scoring rules (the
// "Tests & Scoring" methodology: baseline 100, a modifier per test, bonuses only when the score
// without them is at least 90, A+ from 100) for one page: the first answer to its http:// URL,
// the headers of its https:// answer, and its HTML. Written from the rules, not from the
// Observatory's code; each test's outcome names the rule it matched, as the Observatory does.

const SIX_MONTHS = 15_768_000;

/** CSP header text → Map(directive → [sources]); the first of a repeated directive wins. */
function parseCsp(text) {
  const policies = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out = [];
  for (const p of policies) {
    const m = new Map();
    for (const part of p.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const key = name.toLowerCase();
      if (!m.has(key))
        m.set(
          key,
          sources.map((s) => s.toLowerCase()),
        );
    }
    out.push(m);
  }
  return out;
}

function csp(headers) {
  const text = headers['content-security-policy'];
  if (!text) return ['csp-not-implemented', -25];
  const policies = parseCsp(text);
  // A source list is what the browser enforces: the directive, else default-src. With several
  // policies each must allow a thing, so the strictest answer counts: any policy that restricts.
  const sources = (name) => {
    for (const p of policies) {
      const s = p.get(name) ?? p.get('default-src');
      if (s) return s;
    }
    return null;
  };
  const script = sources('script-src');
  const object = sources('object-src');
  const style = sources('style-src');
  const broad = (list) =>
    list.some((s) => s === '*' || s === 'http:' || s === 'https:' || s === 'data:');
  const hashedOrNonced = (list) => list.some((s) => /^'(sha256|sha384|sha512|nonce)-/.test(s));
  if (!script || !object) return ['csp-implemented-with-unsafe-inline', -20];
  if (
    (script.includes("'unsafe-inline'") && !hashedOrNonced(script)) ||
    broad(script) ||
    broad(object)
  ) {
    return ['csp-implemented-with-unsafe-inline', -20];
  }
  if (script.includes("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10];
  const passive = ['img-src', 'media-src'].map(sources).filter(Boolean).flat();
  if (passive.some((s) => s.startsWith('http:')))
    return ['csp-implemented-with-insecure-scheme-in-passive-content-only', -10];
  if (style && style.includes("'unsafe-inline'"))
    return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  const defaultNone = policies.some((p) => (p.get('default-src') ?? []).join(' ') === "'none'");
  return defaultNone
    ? ['csp-implemented-with-no-unsafe-default-src-none', 10]
    : ['csp-implemented-with-no-unsafe', 0];
}

function cookies(setCookies) {
  if (!setCookies || setCookies.length === 0) return ['cookies-not-found', 0];
  const flags = setCookies.map((c) => c.toLowerCase());
  const secure = flags.every((c) => /;\s*secure/.test(c));
  const samesite = flags.every((c) => /;\s*samesite=(strict|lax)/.test(c));
  if (secure && samesite) return ['cookies-secure-with-httponly-sessions-and-samesite', 5];
  if (secure) return ['cookies-secure-with-httponly-sessions', 0];
  return ['cookies-without-secure-flag', -20];
}

function cors(headers) {
  const allow = headers['access-control-allow-origin'];
  if (!allow) return ['cross-origin-resource-sharing-not-implemented', 0];
  return allow === '*'
    ? ['cross-origin-resource-sharing-implemented-with-public-access', 0]
    : ['cross-origin-resource-sharing-implemented-with-restricted-access', 0];
}

function redirection(first, host) {
  if (!first) return ['redirection-not-needed-no-http', 0];
  if (![301, 302, 303, 307, 308].includes(first.status)) return ['redirection-missing', -20];
  const to = new URL(first.location, `http://${host}/`);
  if (to.protocol !== 'https:') return ['redirection-not-to-https', -20];
  if (to.hostname !== host) return ['redirection-off-host-from-http', -5];
  return ['redirection-to-https', 0];
}

function referrer(headers) {
  const v = headers['referrer-policy'];
  if (!v) return ['referrer-policy-not-implemented', 0];
  // The browser takes the last value it understands.
  const known = [
    'no-referrer',
    'same-origin',
    'strict-origin',
    'strict-origin-when-cross-origin',
    'origin',
    'origin-when-cross-origin',
    'no-referrer-when-downgrade',
    'unsafe-url',
  ];
  const last = v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => known.includes(s))
    .pop();
  if (!last) return ['referrer-policy-header-invalid', -5];
  if (
    ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      last,
    )
  )
    return ['referrer-policy-private', 5];
  if (['no-referrer-when-downgrade', 'unsafe-url'].includes(last))
    return ['referrer-policy-unsafe', -5];
  return ['referrer-policy-no-referrer-when-downgrade', 0];
}

function hsts(headers) {
  const v = headers['strict-transport-security'];
  if (!v) return ['hsts-not-implemented', -20];
  const m = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?/i.exec(v);
  if (!m) return ['hsts-header-invalid', -20];
  return Number(m[1]) >= SIX_MONTHS
    ? ['hsts-implemented-max-age-at-least-six-months', 0]
    : ['hsts-implemented-max-age-less-than-six-months', -10];
}

function sri(html, origin) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
  const external = scripts
    .map((attrs) => ({
      src: /\bsrc\s*=\s*"([^"]*)"/i.exec(attrs)?.[1],
      integrity: /\bintegrity\s*=/i.test(attrs),
    }))
    .filter((s) => s.src !== undefined);
  if (external.length === 0) return ['sri-not-implemented-but-no-scripts-loaded', 0];
  const foreign = external.filter((s) => new URL(s.src, origin).origin !== origin);
  if (foreign.length === 0) {
    return external.every((s) => s.integrity)
      ? ['sri-implemented-and-all-scripts-loaded-securely', 5]
      : ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0];
  }
  if (foreign.some((s) => new URL(s.src, origin).protocol !== 'https:'))
    return ['sri-not-implemented-and-external-scripts-not-loaded-securely', -50];
  return foreign.every((s) => s.integrity)
    ? ['sri-implemented-and-external-scripts-loaded-securely', 5]
    : ['sri-not-implemented-but-external-scripts-loaded-securely', -5];
}

function contentTypeOptions(headers) {
  const v = headers['x-content-type-options'];
  if (!v) return ['x-content-type-options-not-implemented', -5];
  return v.trim().toLowerCase() === 'nosniff'
    ? ['x-content-type-options-nosniff', 0]
    : ['x-content-type-options-header-invalid', -5];
}

function frameOptions(headers) {
  const policies = headers['content-security-policy']
    ? parseCsp(headers['content-security-policy'])
    : [];
  const fa = policies.map((p) => p.get('frame-ancestors')).find(Boolean);
  if (fa && !fa.includes('*')) return ['x-frame-options-implemented-via-csp', 5];
  const v = (headers['x-frame-options'] ?? '').trim().toLowerCase();
  if (!v) return ['x-frame-options-not-implemented', -20];
  return v === 'deny' || v === 'sameorigin'
    ? ['x-frame-options-sameorigin-or-deny', 0]
    : ['x-frame-options-header-invalid', -20];
}

function resourcePolicy(headers) {
  const v = (headers['cross-origin-resource-policy'] ?? '').trim().toLowerCase();
  if (!v) return ['corp-not-implemented', 0];
  if (v === 'same-origin') return ['corp-implemented-with-same-origin', 0];
  if (v === 'same-site') return ['corp-implemented-with-same-site', 0];
  if (v === 'cross-origin') return ['corp-implemented-with-cross-origin', 0];
  return ['corp-header-invalid', -5];
}

const GRADES = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/**
 * Grades one page. `first`: {status, location} of the http:// URL's first answer (null when there
 * is no HTTP port); `headers`: the https:// answer's headers, names lower-case (set-cookie an
 * array); `html`: its body; `host`: the page's host name.
 */
export function observatoryScore({ first, headers, html, host }) {
  const origin = `https://${host}`;
  const tests = {
    'content-security-policy': csp(headers),
    cookies: cookies(headers['set-cookie']),
    'cross-origin-resource-sharing': cors(headers),
    redirection: redirection(first, host),
    'referrer-policy': referrer(headers),
    'strict-transport-security': hsts(headers),
    'subresource-integrity': sri(html, origin),
    'x-content-type-options': contentTypeOptions(headers),
    'x-frame-options': frameOptions(headers),
    'cross-origin-resource-policy': resourcePolicy(headers),
  };
  const modifiers = Object.values(tests).map(([, m]) => m);
  const penalties = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const bonus = penalties >= 90 ? modifiers.filter((m) => m > 0).reduce((a, b) => a + b, 0) : 0;
  const score = Math.max(0, penalties + bonus);
  const grade = GRADES.find(([floor]) => score >= floor)[1];
  return {
    score,
    grade,
    tests: Object.fromEntries(
      Object.entries(tests).map(([k, [result, modifier]]) => [k, { result, modifier }]),
    ),
  };
}
