import '../../shared/styles/base.css';
import s from './landing-page.module.css';

export const GAME = 'Block Blast!';

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

/** The store glyph on the badge (a generic download mark). */
function StoreGlyph() {
  return (
    <svg className={s.glyph} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 3v11m0 0-4.5-4.5M12 14l4.5-4.5M5 17.5h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The landing page: one App Store button. What a click does (the tracking request, then the
 * App Store listing) comes with the [landing] config in a later step.
 */
export function LandingPage() {
  return (
    <main className={s.page}>
      <div className={s.card}>
        <GameIcon />
        <h1 className={s.title}>{GAME}</h1>
        <button
          type="button"
          className={s.badge}
          aria-label={`${GAME} – Download on the App Store`}
        >
          <StoreGlyph />
          <span className={s.badgeText}>
            <span className={s.badgeSmall}>Download on the</span>
            <span className={s.badgeBig}>App Store</span>
          </span>
        </button>
      </div>
    </main>
  );
}
