import type { Lang } from '../../../shared/i18n/lang';
import type { PrivacyNoticeText } from '../../../shared/privacy/notice';
import { NOTICE_EN } from './notice-en';
import { NOTICE_ES } from './notice-es';
import { NOTICE_JA } from './notice-ja';
import { NOTICE_KO } from './notice-ko';
import { NOTICE_PT } from './notice-pt';

/**
 * The privacy notice in each language. All five are in the privacy page's own chunk (a few KB),
 * so a switch of language at run time has its text at hand; no other page downloads them.
 */
export const NOTICES: Readonly<Record<Lang, PrivacyNoticeText>> = {
  en: NOTICE_EN,
  ja: NOTICE_JA,
  ko: NOTICE_KO,
  es: NOTICE_ES,
  pt: NOTICE_PT,
};
