/**
 * English: the source of truth. Flat dotted keys; every other language is typed
 * `Dictionary<MessageKey>`, so a key missing there fails the type check (and the prerender
 * refuses an incomplete dictionary, so it fails the build too).
 * 'WaveAds', people's names and the invented client brands stay as they are in every language.
 *
 * The contact form's messages, option labels and consent text are not copied here: they are the
 * shared rules file's own English texts (rules/lead-form.json), which the other languages
 * translate under the same keys.
 */
import { CONSENT, LEAD_FIELDS, type OptionLabelKey, type RuleMessageKey } from '../form/lead-rules';

const m = (field: keyof typeof LEAD_FIELDS, kind: string): string => {
  const text = LEAD_FIELDS[field].messages[kind];
  if (text === undefined) throw new Error(`rules/lead-form.json: no ${kind} message for ${field}`);
  return text;
};
const options = LEAD_FIELDS.describes as unknown as { optionLabels: Record<string, string> };
const option = (value: string): string => options.optionLabels[value]!;

export const en = {
  'nav.home': 'Home',
  'nav.english': 'English',
  'nav.japanese': 'Japanese',
  'nav.korean': 'Korean',
  'nav.spanish': 'Spanish',
  'nav.portuguese': 'Portuguese',
  'nav.contactUs': 'Contact Us',
  'nav.careers': 'Careers',
  'nav.privacy': 'Privacy notice',
  'nav.language': 'Language',

  'meta.home.title': 'WaveAds – Mobile Growth Advertising',
  'meta.home.description':
    'WaveAds helps app developers, brands and publishers grow with user acquisition, re-targeting, app-store optimisation and traffic monetisation.',
  'meta.privacy.title': 'Privacy notice – WaveAds',
  'meta.privacy.description':
    'What WaveAds collects through this website and why, how long it is kept, and how to ask for it or its erasure.',
  'meta.contact.title': 'Contact Us – WaveAds',
  'meta.contact.description':
    'Get in touch with the WaveAds team about user acquisition, re-targeting and monetisation for your app.',

  'home.banner.kicker': 'Mobile growth advertising since 2017',
  'home.banner.title': 'The Digital Wave Rider',
  'home.banner.subtitle':
    'Mobile growth advertising that finds new users for your app, wins back the ones who drifted away and turns them into lasting revenue.',
  'home.banner.cta': 'Talk to our team',
  'home.banner.explore': 'Explore our services',

  'home.about.eyebrow': 'About WaveAds',
  'home.about.title': 'Riding every wave of mobile growth',
  'home.about.text':
    'WaveAds was founded in 2017 and is headquartered in Los Angeles. We help app developers, brands, advertisers, retailers, agencies, publishers and streaming companies reach the right people, keep them engaged and turn attention into revenue, in the markets where mobile moves fastest.',
  'home.about.founded': 'Founded',
  'home.about.headquarters': 'Headquarters',
  'home.about.headquartersValue': 'Los Angeles',
  'home.about.regions': 'Regional teams',
  'home.about.regionsValue': 'SEA · LATAM · East Asia',

  'home.services.eyebrow': 'What we do',
  'home.services.title': 'Growth across the whole app life cycle',
  'home.services.ua.title': 'User acquisition',
  'home.services.ua.text':
    'Reach high-intent users across in-app, social, search and OEM channels, bought on the model that fits your goals.',
  'home.services.retargeting.title': 'Re-targeting',
  'home.services.retargeting.text':
    'Bring lapsed users back with personalised creatives and deep links that open the right screen of your app.',
  'home.services.aso.title': 'App-store optimisation',
  'home.services.aso.text':
    'Sharpen your store listing, keywords and screenshots so that organic installs grow alongside paid ones.',
  'home.services.monetisation.title': 'Traffic monetisation',
  'home.services.monetisation.text':
    'Turn your audience into revenue with brand-safe demand for publishers and streaming platforms.',
  'home.services.lifecycle.title': 'Full life-cycle management',
  'home.services.lifecycle.text':
    'From launch to scale to retention, one team plans, buys, measures and optimises every stage.',
  'home.audiences.title': 'Who we work with',
  'home.audiences.developers': 'App developers',
  'home.audiences.brands': 'Brands',
  'home.audiences.advertisers': 'Advertisers',
  'home.audiences.retailers': 'Retailers',
  'home.audiences.agencies': 'Agencies',
  'home.audiences.publishers': 'Publishers',
  'home.audiences.streaming': 'Streaming companies',

  'home.team.eyebrow': 'Our people',
  'home.team.title': 'Global Team',
  'home.team.text':
    'Regional leaders who live in the markets they grow, backed by one team in Los Angeles.',
  'home.team.sea.role': 'Head of SEA',
  'home.team.sea.area': 'Southeast Asia, based in Singapore',
  'home.team.latam.role': 'Head of LATAM',
  'home.team.latam.area': 'Latin America, based in Mexico City',
  'home.team.eastAsia.role': 'Head of East Asia',
  'home.team.eastAsia.area': 'East Asia, based in Tokyo',
  'home.team.portrait': 'Illustrated portrait of {name}',

  'home.trusted.eyebrow': 'Our clients',
  'home.trusted.title': 'Trusted by Global Leading Brands',
  'home.trusted.text': 'What the teams we grow with say about working with WaveAds.',
  'home.slider.label': 'Client testimonials',
  'home.slider.previous': 'Previous testimonial',
  'home.slider.next': 'Next testimonial',
  'home.slider.goTo': 'Show testimonial {n}',
  'home.slider.position': '{n} of {total}',
  'home.slider.pause': 'Pause the testimonials',
  'home.slider.play': 'Play the testimonials',
  'home.testimonial.1.quote':
    'WaveAds scaled our cost-per-sale campaigns across five markets without losing sight of margin. Their weekly optimisation reviews have become part of our own planning.',
  'home.testimonial.1.role': 'Growth Director',
  'home.testimonial.2.quote':
    'We needed registrations that turned into active wallets, not just installs. The team rebuilt our funnel targets with us and kept quality high as we scaled.',
  'home.testimonial.2.role': 'Head of User Acquisition',
  'home.testimonial.3.quote':
    'Their re-targeting brought back listeners we had written off, and the deep links took them straight back to the playlists they had left.',
  'home.testimonial.3.role': 'Marketing Lead',
  'home.testimonial.4.quote':
    'The store listing changes WaveAds suggested lifted our organic installs within a month. Paid and organic growth finally work together.',
  'home.testimonial.4.role': 'Product Marketing Manager',
  'home.testimonial.5.quote':
    'As a publisher we care about revenue per user. WaveAds filled our ad inventory with brand-safe demand and kept the player experience clean.',
  'home.testimonial.5.role': 'VP of Growth',
  'home.testimonial.6.quote':
    'One partner for acquisition, re-targeting and reporting saves us weeks every quarter: clear numbers, fast answers, in our own language.',
  'home.testimonial.6.role': 'Performance Marketing Manager',
  'home.logos.label': 'Brands that grow with WaveAds',
  'home.logos.pause': 'Pause the logo animation',

  'home.partners.eyebrow': 'Case studies',
  'home.partners.title': 'Exclusive user-acquisition partnerships',
  'home.partners.text':
    'Long-term programmes we run for a single partner per category across Southeast Asia.',
  'home.partners.model': 'Buying model',
  'home.partners.countries': 'Target countries',
  'home.partners.channels': 'Channels',
  'home.partners.goals': 'Optimisation goals',
  'home.partners.figures': 'Monthly figures',
  'home.partners.commerce.title': 'E-commerce marketplace',
  'home.partners.commerce.model': 'Cost per sale (CPS)',
  'home.partners.commerce.channels': 'In-app programmatic, social video, OEM app stores',
  'home.partners.commerce.goals': 'Purchases, basket value and return on ad spend',
  'home.partners.commerce.gmv': 'Monthly GMV',
  'home.partners.commerce.gmvValue': 'Over $20 million',
  'home.partners.commerce.roi': 'ROI',
  'home.partners.commerce.roiValue': 'Over 7X%',
  'home.partners.finance.title': 'Digital wallet app',
  'home.partners.finance.model': 'Cost per install (CPI)',
  'home.partners.finance.channels': 'Ad networks, social, search and in-app rewarded placements',
  'home.partners.finance.goals': 'Registrations, verified accounts and first transactions',
  'home.partners.finance.cost': 'Monthly cost',
  'home.partners.finance.costValue': 'Over $6 million',
  'home.partners.finance.registration': 'Registration-rate target',
  'home.partners.finance.target': 'Install-volume target',
  'home.partners.note':
    'Rounded placeholder figures: partner names and exact results stay confidential.',
  'home.countries.ID': 'Indonesia',
  'home.countries.VN': 'Vietnam',
  'home.countries.PH': 'Philippines',
  'home.countries.MY': 'Malaysia',
  'home.countries.SG': 'Singapore',
  'home.regions.title': 'Also running in',
  'home.regions.text': 'Partnership programmes in our other regions, planned by local teams.',
  'home.regions.latam': 'LATAM',
  'home.regions.latam.markets': 'Brazil, Mexico, Colombia, Chile, Peru',
  'home.regions.us': 'US',
  'home.regions.us.markets': 'Nationwide, with state and city targeting',
  'home.regions.sea': 'SEA',
  'home.regions.sea.markets': 'Thailand, Cambodia, Laos, Myanmar',
  'home.regions.eu': 'EU',
  'home.regions.eu.markets': 'Germany, France, Spain, Italy, Poland',
  'home.regions.cis': 'CIS',
  'home.regions.cis.markets': 'Kazakhstan, Uzbekistan, Azerbaijan, Armenia, Kyrgyzstan',

  'footer.tagline': 'Mobile growth advertising, from Los Angeles to the world.',
  'footer.careersHint': 'We are hiring: send us your resume',
  'footer.copyright': 'Copyright © 2026 WaveAds. All Rights Reserved.',

  'resume.title': 'Send us your resume',
  'resume.intro':
    'We are always looking for people who love mobile growth. Attach your resume and our recruiting team will be in touch.',
  'resume.choose': 'Choose a file',
  'resume.chooseAnother': 'Choose another file',
  'resume.hint': 'One file: {types}, up to {max}.',
  'resume.privacy': 'How we handle your résumé',
  'resume.list': 'Chosen file',
  'resume.submit': 'Submit',
  'resume.sending': 'Sending…',
  'resume.cancel': 'Cancel',
  'resume.close': 'Close',
  'resume.remove': 'Remove {name}',
  'resume.errorDetails': 'Why did the upload fail?',
  'resume.status.ready': 'Ready to send',
  'resume.status.uploading': 'Uploading {percent}%',
  'resume.status.done': 'Uploaded',
  'resume.status.error': 'Upload error',
  'resume.status.removed': 'Removed',
  'resume.noFile': 'Please upload a file',
  'resume.success': 'Upload successful',
  'resume.failed': 'Upload failed',
  'resume.defaultError': 'Upload error',
  'resume.reason.400': 'The file could not be read. Please choose it again.',
  'resume.reason.413': 'The file is too large. Please send one of {max} or less.',
  'resume.reason.415': 'This type of file is not accepted. Please send a {types} file.',
  'resume.reason.429': 'Too many uploads. Please try again later.',
  'resume.reason.503': 'The service is temporarily unavailable. Please try again later.',
  'resume.reason.network': 'The connection failed. Please check your network and try again.',

  'contact.banner.title': 'Get in touch',
  'contact.banner.subtitle':
    'Tell us about your app and your growth goals, and our team will get back to you.',
  'contact.form.title': 'Tell us about your business',
  'contact.form.required': 'Fields marked * are required.',
  'form.businessEmail.label': 'Business email',
  'form.firstName.label': 'First name',
  'form.lastName.label': 'Last name',
  'form.country.label': 'Country/Region',
  'form.country.placeholder': 'Select your country or region',
  'form.country.loading': 'Loading countries…',
  'form.country.failed': 'The list of countries could not be loaded.',
  'form.country.retry': 'Try again',
  'form.describes.label': 'Which best describes you?',
  'form.describes.placeholder': 'Select an option',
  'form.companyName.label': 'Company name',
  'form.remark.label': 'Message (optional)',
  'form.remark.counter': '{count} of {max} characters',
  'form.agree.label': CONSENT.text,
  'form.privacy': 'How we handle your details',
  'form.honeypot.label': 'Leave this field empty',
  'form.submit': 'Submit',
  'form.sending': 'Sending…',
  'form.businessEmail.required': m('businessEmail', 'required'),
  'form.businessEmail.email': m('businessEmail', 'email'),
  'form.businessEmail.maxLength': m('businessEmail', 'maxLength'),
  'form.firstName.required': m('firstName', 'required'),
  'form.firstName.maxLength': m('firstName', 'maxLength'),
  'form.lastName.required': m('lastName', 'required'),
  'form.lastName.maxLength': m('lastName', 'maxLength'),
  'form.country.required': m('country', 'required'),
  'form.describes.required': m('describes', 'required'),
  'form.companyName.required': m('companyName', 'required'),
  'form.companyName.maxLength': m('companyName', 'maxLength'),
  'form.remark.maxLength': m('remark', 'maxLength'),
  'form.remark.type': m('remark', 'type'),
  'form.agree.required': m('agree', 'required'),
  'form.describes.option.advertiser': option('advertiser'),
  'form.describes.option.retailer': option('retailer'),
  'form.describes.option.agency': option('agency'),
  'form.describes.option.publisher': option('publisher'),
  'form.describes.option.streaming': option('streaming'),
  'form.describes.option.other': option('other'),

  'notice.close': 'Close',
  'notice.submitSuccess.title': 'submit successfully',
  'notice.submitSuccess.text': 'Your information has been successfully submitted!',
  'notice.submitError.title': 'submit wrong',
  'notice.submitError.text': 'something went wrong',
} as const satisfies Record<string, string> & Record<RuleMessageKey | OptionLabelKey, string>;

export type MessageKey = keyof typeof en;
