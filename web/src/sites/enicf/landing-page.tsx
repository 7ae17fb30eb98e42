import '../../shared/styles/base.css';
import s from './landing-page.module.css';
import { LANDING_SETTINGS } from './settings';
import { GAME } from './site';

/** The game's icon: a few puzzle blocks (drawn here, no image file). */
function GameIcon() {
  const cells: [number, number, string][] = [
    [0, 0, '#ff5d73'],
    [1, 0, '#ff5d73'],
    [2, 0, '#ffb648'],
    [0, 1, '#ff5d73'],
    [1, 1, '#43d19e'],
    [2, 1, '#ffb648'],
    [0, 2, '#4c8dff'],
    [1, 2, '#43d19e'],
    [2, 2, '#43d19e'],
  ];
  return (
    <svg className={s.icon} viewBox="0 0 120 120" aria-hidden="true">
      <rect width="120" height="120" rx="28" fill="#1d2a6b" />
      {cells.map(([x, y, fill]) => (
        <g key={`${x}-${y}`} transform={`translate(${18 + x * 29} ${18 + y * 29})`}>
          <rect width="26" height="26" rx="6" fill={fill} />
          <rect x="4" y="4" width="18" height="7" rx="3" fill="#fff" opacity="0.35" />
        </g>
      ))}
    </svg>
  );
}

/** The store mark on the badge: an apple, drawn here. */
function StoreGlyph() {
  return (
    <svg className={s.glyph} viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.4 2-3.5 2.1-3.6-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.1-1.2 2.9-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.4-1-2.4-4zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
      />
    </svg>
  );
}

/**
 * The landing page: one App Store badge. It is a plain link to the App Store listing, so it
 * works without JavaScript; landing-click.ts adds the tracking on click. The App Store URL, the
 * tracking link, the offer and the affiliate are settings (./settings.ts): the server fills them
 * in from its config at start-up, so they are never baked into the build.
 */
export function LandingPage() {
  return (
    <main className={s.page}>
      <div className={s.card}>
        <GameIcon />
        <h1 className={s.title}>{GAME}</h1>
        <p className={s.lead}>Drop the blocks, fill the lines, clear the board.</p>
        <a
          className={s.badge}
          href={LANDING_SETTINGS.appStoreUrl.html}
          aria-label={`Download on the App Store: ${GAME}`}
          data-landing=""
          data-tracking={LANDING_SETTINGS.trackingUrl.html}
          data-offer={LANDING_SETTINGS.offer.html}
          data-affiliate={LANDING_SETTINGS.affiliate.html}
        >
          <StoreGlyph />
          <span className={s.badgeText}>
            <span className={s.badgeSmall}>Download on the</span>
            <span className={s.badgeBig}>App Store</span>
          </span>
        </a>
      </div>
    </main>
  );
}
