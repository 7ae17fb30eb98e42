import type { PrivacyNoticeText } from '../../shared/privacy/notice';
import { GAME } from './site';

/** The landing page's privacy notice: what its one button sends, and to whom. */
export const ENICF_NOTICE: PrivacyNoticeText = {
  title: 'Privacy notice',
  description: `What happens to your data when you visit this ${GAME} page and tap its App Store button.`,
  updatedLabel: 'Last updated',
  updated: 'November 26, 2026',
  intro: `This page introduces the game ${GAME} and sends you to its store listing. It is run by WaveAds, which promotes the game as an advertising partner; the game is made and published by its own developer.`,
  sections: [
    {
      heading: 'The store button',
      blocks: [
        {
          p: 'When you tap the button, your browser sends a request to our advertising partner’s tracking link with the offer, our partner name, your browser’s language and its description of itself (its user agent), and any campaign codes the ad put in this page’s address (such as utm_source or gclid), and then opens the game’s listing in your phone’s store: the App Store on an iPhone or iPad, Google Play on Android (with the ad’s utm_ codes, so that the install can be credited), the App Store’s web page elsewhere. The partner uses this to credit the install to this campaign; its own privacy notice applies to what it receives.',
        },
        {
          p: 'On our own server we record that the button was tapped: the time, this page and the website that sent you here (its address only, not the page). We do not record your internet address or your browser’s description with it.',
        },
        {
          p: 'The store you arrive at (Apple’s App Store or Google Play) has its own privacy policy.',
        },
      ],
    },
    {
      heading: 'Visits and cookies',
      blocks: [
        {
          p: 'We count how many times this page is viewed per day, without cookies and without keeping anything that identifies you. Like every web server, ours writes a log line for each request, with the internet address and the browser’s description, to keep the service secure and working.',
        },
        { p: 'This page sets no cookie.' },
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
