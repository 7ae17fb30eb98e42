/** The advertising company's name, as its wordmark and footer show it. */
export const BRAND = 'WaveAds';
