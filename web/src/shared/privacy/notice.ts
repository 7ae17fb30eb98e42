import { defineSetting, serverSetting, type Setting } from '../render/settings';

/**
 * A privacy notice, written once per language as data (the sites' notices: each site's own
 * privacy-notice module) and shown by PrivacyNotice. Texts may name these values, which come
 * from the server's config at start-up (filled in like every setting):
 *   {contact}      [privacy] contact, as a mailto: link
 *   {leadsDays}    [retention] leads_days      {resumesDays}   [retention] resumes_days
 * A value that may be unset is only used inside a block that says what to show either way.
 */
export type NoticeValue = 'contact' | 'leadsDays' | 'resumesDays';

export type NoticeBlock =
  | { readonly p: string }
  | { readonly list: readonly string[] }
  /** `set` when the value is set, else `unset` (a retention of 0 days: kept without end). */
  | { readonly value: NoticeValue; readonly set: string; readonly unset: string };

export interface NoticeSection {
  readonly heading: string;
  readonly blocks: readonly NoticeBlock[];
}

export interface PrivacyNoticeText {
  readonly title: string;
  /** The page's description (search results, link previews). */
  readonly description: string;
  /** "Last updated" and the date, in the notice's language. */
  readonly updatedLabel: string;
  readonly updated: string;
  readonly intro: string;
  readonly sections: readonly NoticeSection[];
}

/** When the notices were last changed (every notice says it, in its own language). */
export const NOTICE_UPDATED_ISO = '2026-11-26';

/** [privacy] contact: where a person writes to ask for their data or its erasure. */
export const PRIVACY_CONTACT = defineSetting('privacy.contact', {
  type: 'email',
  optional: true,
  default: '',
});

/** The setting behind each value a notice may name. */
export const NOTICE_SETTINGS: Readonly<Record<NoticeValue, Setting>> = {
  contact: PRIVACY_CONTACT,
  leadsDays: serverSetting('retention.leads_days'),
  resumesDays: serverSetting('retention.resumes_days'),
};

/** The values `text` names, in order. */
export function namedValues(text: string): NoticeValue[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => {
    const name = m[1]!;
    if (!(name in NOTICE_SETTINGS))
      throw new Error(`privacy notice: unknown value {${name}} in "${text}"`);
    return name as NoticeValue;
  });
}

/** The settings a notice's page takes: those its texts name. */
export function noticeSettings(text: PrivacyNoticeText): Setting[] {
  const used = new Set<NoticeValue>();
  for (const section of text.sections) {
    for (const block of section.blocks) {
      if ('value' in block) {
        used.add(block.value);
        for (const v of [...namedValues(block.set), ...namedValues(block.unset)]) used.add(v);
      } else {
        for (const t of 'p' in block ? [block.p] : block.list)
          for (const v of namedValues(t)) used.add(v);
      }
    }
  }
  return [...used].map((v) => NOTICE_SETTINGS[v]);
}
