import { About, Services } from '../home/about';
import { LogoWall } from '../home/logo-wall';
import { HomeSection } from '../home/home-section';
import { Partnerships } from '../home/partnerships';
import { Team } from '../home/team';
import { Testimonials } from '../home/testimonials';
import { usePagePath } from '../components/page-links';
import { useI18n } from '../i18n/dictionaries';
import heroCompact from '../assets/hero-illustration-compact.svg?no-inline';
import hero from '../assets/hero-illustration.svg?no-inline';
import s from './banner.module.css';

function Waves() {
  return (
    <svg className={s.waves} viewBox="0 0 1440 220" preserveAspectRatio="none" aria-hidden="true">
      <path
        d="M0 120c120-40 240-40 360 0s240 40 360 0 240-40 360 0 240 40 360 0v100H0Z"
        fill="#2ee6d6"
        opacity="0.12"
      />
      <path
        d="M0 150c160-50 320-50 480 0s320 50 480 0 320-50 480 0v70H0Z"
        fill="#7c5cff"
        opacity="0.18"
      />
      <path d="M0 185c180-30 360-30 540 0s360 30 540 0 270-22 360-14v49H0Z" fill="#070b24" />
    </svg>
  );
}

/**
 * The hero's picture: a phone riding the wave among growth-advertising cards (drawn for the
 * site). Beside the text on a wide screen; on a narrow one a wider, shorter version under it.
 * Only the one that fits is downloaded. Decorative: the text says it all.
 */
function HeroArt() {
  return (
    <picture className={s.art}>
      <source media="(min-width: 960px)" srcSet={hero} width={560} height={480} />
      <img src={heroCompact} width={360} height={200} alt="" fetchPriority="high" />
    </picture>
  );
}

function Banner() {
  const { t } = useI18n();
  const pathOf = usePagePath();
  return (
    <section className={`${s.banner} ${s.home}`} aria-labelledby="waveads-banner">
      <div className={`${s.inner} ${s.split}`}>
        <div>
          <p className={s.kicker}>{t('home.banner.kicker')}</p>
          <h1 id="waveads-banner" className={s.title}>
            {t('home.banner.title')}
          </h1>
          <p className={s.subtitle}>{t('home.banner.subtitle')}</p>
          <div className={s.actions}>
            <a className={s.primary} href={pathOf('contact-us')}>
              {t('home.banner.cta')}
            </a>
            <a className={s.secondary} href="#services">
              {t('home.banner.explore')}
            </a>
          </div>
        </div>
        <HeroArt />
      </div>
      <Waves />
    </section>
  );
}

function Trusted() {
  return (
    <HomeSection name="trusted" variant="flush" after={<LogoWall />}>
      <Testimonials />
    </HomeSection>
  );
}

/** /waveads/home (/, /home on the global host). */
export function HomePage() {
  return (
    <>
      <Banner />
      <About />
      <Services />
      <Team />
      <Trusted />
      <Partnerships />
    </>
  );
}
