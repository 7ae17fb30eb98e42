/**
 * English: the source of truth. Flat dotted keys; every other language is typed
 * `Dictionary<MessageKey>`, so a key missing there fails the type check.
 * 'WaveAds' is the brand and stays as is in every language.
 */
export const en = {
  'nav.home': 'Home',
  'nav.english': 'English',
  'nav.japanese': 'Japanese',
  'nav.korean': 'Korean',
  'nav.spanish': 'Spanish',
  'nav.portuguese': 'Portuguese',
  'nav.contactUs': 'Contact Us',
  'nav.careers': 'Careers',
  'nav.language': 'Language',
  'home.banner.title': 'The Digital Wave Rider',
  'home.banner.subtitle':
    'Mobile growth advertising that finds new users for your app, wins back the ones who drifted away and turns them into lasting revenue.',
  'contact.banner.title': 'Get in touch',
  'contact.banner.subtitle':
    'Tell us about your app and your growth goals, and our team will get back to you.',
  'meta.home.title': 'WaveAds – Mobile Growth Advertising',
  'meta.home.description':
    'WaveAds helps app developers, brands and publishers grow with user acquisition, re-targeting, app-store optimisation and traffic monetisation.',
  'meta.contact.title': 'Contact Us – WaveAds',
  'meta.contact.description':
    'Get in touch with the WaveAds team about user acquisition, re-targeting and monetisation for your app.',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;
