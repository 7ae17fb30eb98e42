import '../../shared/styles/base.css';
import { IfSetting } from '../../shared/render/setting-values';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { GALLERY, GALLERY_HEIGHT, GALLERY_WIDTH } from './gallery';
import s from './landing-page.module.css';
import { enicfRoutes } from './routes';
import { LANDING_PUBLISHER, LANDING_RATING, LANDING_SETTINGS } from './settings';
import { linkPath, SPONSORED_REL } from '../../shared/content/link-path';
import { GAME, STORE_LINK_SLUG } from './site';

const STORE_LINK = linkPath(STORE_LINK_SLUG);

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
 * The landing page: what a store listing shows (the icon, the name, who publishes it and its
 * rating when the operator sets them, a short description, pictures of the game) and one App
 * Store badge. The badge is a plain link to the App Store listing, so it works without
 * JavaScript; landing-click.ts adds the tracking on click. The App Store URL, the tracking link,
 * the offer, the affiliate, the publisher and the rating are settings (./settings.ts): the
 * server fills them in from its config at start-up, so they are never baked into the build.
 */
export function LandingPage(props: { routeSet: RouteSetKind }) {
  return (
    <div className={s.page}>
      <main className={s.main}>
        <section className={s.hero} aria-labelledby="enicf-title">
          <GameIcon />
          <h1 id="enicf-title" className={s.title}>
            {GAME}
          </h1>
          <div className={s.facts}>
            <IfSetting setting={LANDING_PUBLISHER} when="set">
              <p className={s.publisher}>
                <span className="visually-hidden">Publisher: </span>
                {LANDING_PUBLISHER.html}
              </p>
            </IfSetting>
          </div>
          <div className={s.facts}>
            <IfSetting setting={LANDING_RATING.value} when="set">
              <p className={s.rating}>
                <span className={s.star} aria-hidden="true">
                  ★
                </span>
                <span>{LANDING_RATING.value.html}</span>
                <span className="visually-hidden"> out of 5</span>
                <IfSetting setting={LANDING_RATING.count} when="set">
                  <span className={s.count} data-count={LANDING_RATING.count.html}>
                    {` · ${LANDING_RATING.count.html} ratings`}
                  </span>
                </IfSetting>
              </p>
            </IfSetting>
          </div>
          <p className={s.lead}>Drop the blocks, fill the lines, clear the board.</p>
          <a
            className={s.badge}
            href={STORE_LINK}
            rel={SPONSORED_REL}
            aria-label={`Download on the App Store: ${GAME}`}
            data-landing=""
            data-app-store={LANDING_SETTINGS.appStoreUrl.html}
            data-play-store={LANDING_SETTINGS.playStoreUrl.html}
            data-ct={LANDING_SETTINGS.appStoreCt.html}
            data-pt={LANDING_SETTINGS.appStorePt.html}
            data-tracking={LANDING_SETTINGS.trackingUrl.html}
            data-offer={LANDING_SETTINGS.offer.html}
            data-affiliate={LANDING_SETTINGS.affiliate.html}
          >
            <StoreGlyph />
            <span className={s.badgeText}>
              <span className={s.badgeSmall}>Download on the</span>{' '}
              <span className={s.badgeBig}>App Store</span>
            </span>
          </a>
        </section>
        <section className={s.gallery} aria-label={`${GAME} screenshots`}>
          <ul className={s.shots}>
            {GALLERY.map((shot) => (
              <li key={shot.src} className={s.shot}>
                <img
                  src={shot.src}
                  alt={shot.alt}
                  width={GALLERY_WIDTH}
                  height={GALLERY_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
        <section className={s.about} aria-labelledby="enicf-about">
          <h2 id="enicf-about" className={s.aboutTitle}>
            About this game
          </h2>
          <p>
            {GAME} is a block puzzle for a spare minute or a long evening. Drag the pieces onto the
            8 × 8 board; a full row or column clears, and clearing several at once makes a combo.
            There is no timer: think each move through, because the game ends only when none of your
            pieces fits.
          </p>
          <ul className={s.features}>
            <li>Three pieces at a time: place them all and three new ones arrive.</li>
            <li>Rows and columns clear together, so one piece can clear both.</li>
            <li>Combos and streaks reward planning a few moves ahead.</li>
          </ul>
        </section>
      </main>
      <footer className={s.footer}>
        <a href={pagePath(enicfRoutes, 'privacy', props.routeSet)}>Privacy notice</a>
      </footer>
    </div>
  );
}
