import { defineSetting } from '../../shared/render/settings';

/**
 * The landing page's run-time values: the [landing] table of the server's config file. The
 * defaults apply when the config does not set them; without a tracking link no tracking
 * request is made.
 */
export const LANDING_SETTINGS = {
  appStoreUrl: defineSetting('landing.app_store_url', {
    type: 'url',
    default: 'https://apps.apple.com/app/block-blast/id1617391485',
  }),
  /** Where an Android phone goes: the game's Google Play listing. */
  playStoreUrl: defineSetting('landing.play_store_url', {
    type: 'url',
    default: 'https://play.google.com/store/apps/details?id=com.block.juggle',
  }),
  /** App Store campaign tokens (App Store Connect's campaign links) added for iPhones and iPads. */
  appStoreCt: defineSetting('landing.app_store_ct', { type: 'text', optional: true, default: '' }),
  appStorePt: defineSetting('landing.app_store_pt', { type: 'text', optional: true, default: '' }),
  trackingUrl: defineSetting('landing.tracking_url', { type: 'url', optional: true, default: '' }),
  offer: defineSetting('landing.offer', {
    type: 'text',
    optional: true,
    default: 'block-blast-ios',
  }),
  affiliate: defineSetting('landing.affiliate', {
    type: 'text',
    optional: true,
    default: 'waveads',
  }),
};

/**
 * The game's App Store rating and how many ratings it averages, for its structured data: the
 * store's real figures when the operator sets them, else none (never made up).
 */
export const LANDING_RATING = {
  value: defineSetting('landing.rating_value', { type: 'text', optional: true, default: '' }),
  count: defineSetting('landing.rating_count', { type: 'text', optional: true, default: '' }),
};

/** Who publishes the game, as its store listing names it; shown under the title when set. */
export const LANDING_PUBLISHER = defineSetting('landing.publisher', {
  type: 'text',
  optional: true,
  default: '',
});

/**
 * The game's App Store id, for Safari's Smart App Banner in the head of the indexable page;
 * empty: no banner.
 */
export const LANDING_APP_STORE_ID = defineSetting('landing.app_store_id', {
  type: 'text',
  optional: true,
  default: '1617391485',
});
