import type { PrivacyNoticeText } from '../../../shared/privacy/notice';

/** The WaveAds privacy notice in English, the source of the other four. */
export const NOTICE_EN: PrivacyNoticeText = {
  title: 'Privacy notice',
  description:
    'What WaveAds collects through this website and why: the contact form, résumés, visits and cookies, how long we keep it and how to ask for it or its erasure.',
  updatedLabel: 'Last updated',
  updated: '26 November 2026',
  intro:
    'This notice explains what WaveAds collects through this website, why we collect it, where it goes, how long we keep it and what you can ask of us. We collect as little as we can, and we never sell personal data or share it with advertisers.',
  sections: [
    {
      heading: 'The contact form',
      blocks: [
        {
          p: 'When you send the “Get in touch” form, we receive what you typed: your business email address, your first and last name, your country or region, what describes your business, your company name and, if you wrote one, your message.',
        },
        {
          p: 'With it we record that you ticked the consent box and which version of its text you saw, the language of the page, the time, the internet address your request came from and your browser’s description of itself (its user agent).',
        },
        {
          p: 'We use your details to answer your enquiry and, because you agreed to it, to send you updates and marketing about our services. The address and browser description are kept only to spot and stop abuse of the form.',
        },
      ],
    },
    {
      heading: 'Your résumé',
      blocks: [
        {
          p: 'When you send your résumé from the careers link, we receive the file with its name, type and size, the time, your request’s internet address and your browser’s description. We use it only to consider you for a role at WaveAds.',
        },
      ],
    },
    {
      heading: 'Where it goes',
      blocks: [
        {
          p: 'Both are stored on our own server. A notification with your details (and, for a résumé, the file) goes to the WaveAds team by email or to our internal systems, and nowhere else.',
        },
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        {
          value: 'leadsDays',
          set: 'A contact-form submission is erased {leadsDays} days after we receive it.',
          unset:
            'A contact-form submission is kept until you ask us to erase it, or until we no longer need it to answer you.',
        },
        {
          value: 'resumesDays',
          set: 'A résumé is erased {resumesDays} days after we receive it.',
          unset:
            'A résumé is kept until you ask us to erase it, or until the role it was sent for is filled.',
        },
        {
          p: 'Erasing a record also erases every notification about it and every stored copy of its file.',
        },
      ],
    },
    {
      heading: 'Visits and cookies',
      blocks: [
        {
          p: 'We count how many times each page is viewed per day, without cookies and without keeping anything that identifies you: the counts are totals, not records of people.',
        },
        {
          p: 'Like every web server, ours writes a log line for each request, with the internet address, the browser’s description and the page that linked to it. We use the log to keep the service secure and working, never to profile visitors.',
        },
        {
          p: 'The only cookie is “lang”, which remembers the language you chose so that the next page opens in it; your browser also keeps that choice in its local storage. No tracking or advertising cookie is set, and no third-party script runs on these pages.',
        },
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        {
          p: 'You can ask for a copy of what we hold about you, ask us to correct it or to erase it, and withdraw your consent to our updates at any time. We answer within one month.',
        },
        {
          value: 'contact',
          set: 'Write to {contact}.',
          unset:
            'Write to us through the “Get in touch” form, saying that your message is a privacy request.',
        },
      ],
    },
    {
      heading: 'Changes',
      blocks: [
        {
          p: 'When this notice changes, the date at its top changes with it.',
        },
      ],
    },
  ],
};
