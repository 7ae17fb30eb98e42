import type { PrivacyNoticeText } from './notice';

/**
 * A blog's privacy notice (every blog is in English). The blogs have no forms, accounts or
 * comments: what a visit leaves behind is a count, a log line and, for a link to a shop, a click.
 */
export function blogNotice(brand: string): PrivacyNoticeText {
  return {
    title: 'Privacy notice',
    description: `What ${brand} records about a visit, the links to shops, cookies, and how to ask about it.`,
    updatedLabel: 'Last updated',
    updated: 'November 26, 2026',
    intro: `${brand} is a set of articles. There are no forms, accounts or comments here, so you never give us your name or address. This notice says what a visit does leave behind.`,
    sections: [
      {
        heading: 'Visits',
        blocks: [
          {
            p: 'We count how many times each page is viewed per day, without cookies and without keeping anything that identifies you: the counts are totals, not records of people.',
          },
          {
            p: 'Like every web server, ours writes a log line for each request, with the internet address, the browser’s description of itself (its user agent) and the page that linked to it. We use the log to keep the site secure and working, never to profile readers.',
          },
        ],
      },
      {
        heading: 'Links to shops and services',
        blocks: [
          {
            p: 'Some articles link to the shops and services they write about, through an address on this site that starts with /go/. When you follow one, we record the time, the link, the article you came from, which destination you were sent to (the App Store, Google Play or the web) and the website that linked to the article. We never record your address or your browser’s description with it.',
          },
          {
            p: 'Some of these are affiliate links: the shop may tell its partner network that you came from us, which is how a commission is paid. Once you arrive, the shop’s own privacy notice applies.',
          },
        ],
      },
      {
        heading: 'Cookies',
        blocks: [
          {
            p: `${brand} sets no cookie at all, and no tracking, advertising or other third-party script runs on its pages.`,
          },
        ],
      },
      {
        heading: 'Questions and requests',
        blocks: [
          {
            value: 'contact',
            set: 'To ask what we hold, or to ask us to erase it, write to {contact}. We answer within one month.',
            unset:
              'To ask what we hold, or to ask us to erase it, write to the WaveAds team through the contact form on the WaveAds website. We answer within one month.',
          },
          { p: 'When this notice changes, the date at its top changes with it.' },
        ],
      },
    ],
  };
}
