/**
 * The resume upload's accepted types, read from the rules file the server reads too
 * (rules/resume-upload.json), and the check the dialog makes before sending: the same two
 * refusals the server would answer (415, 413), so a file the server will refuse is never shown
 * as ready to send. The server still judges the bytes; this can only judge the name and size.
 */
import rules from '../../../../../rules/resume-upload.json' with { type: 'json' };
import type { Lang } from '../../../shared/i18n/lang';
import { serverSetting } from '../../../shared/render/settings';

export const RESUME_TYPES: readonly { extension: string; mime: string; name: string }[] =
  rules.types;

/** What the file picker offers: every accepted extension and MIME type. */
export const RESUME_ACCEPT = [
  ...RESUME_TYPES.map((t) => `.${t.extension}`),
  ...RESUME_TYPES.map((t) => t.mime),
].join(',');

/** [limits] max_upload_bytes, exact, and as people read it ("10 MB"): the server fills both in. */
export const MAX_UPLOAD_BYTES = serverSetting('limits.max_upload_bytes');
export const MAX_UPLOAD_SIZE = serverSetting('limits.max_upload_size');

/** Why the server would refuse `file`, as the status it would answer, or null. */
export function refusalOf(
  file: { name: string; size: number },
  maxBytes: number,
): 413 | 415 | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!RESUME_TYPES.some((t) => t.extension === extension)) return 415;
  if (Number.isFinite(maxBytes) && file.size > maxBytes) return 413;
  return null;
}

const OR: Readonly<Record<Lang, { sep: string; last: string }>> = {
  en: { sep: ', ', last: ' or ' },
  ja: { sep: '、', last: '、または' },
  ko: { sep: ', ', last: ' 또는 ' },
  es: { sep: ', ', last: ' o ' },
  pt: { sep: ', ', last: ' ou ' },
};

/**
 * The accepted types as a list in `lang`: "PDF, DOC, DOCX, ODT, RTF or TXT". Written out here
 * rather than with Intl.ListFormat, whose output differs between the prerender's Node and a
 * browser's own ICU, and the hydrated text must match the HTML exactly.
 */
export function typeList(lang: Lang): string {
  const names = RESUME_TYPES.map((t) => t.name);
  const { sep, last } = OR[lang];
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(sep)}${last}${names[names.length - 1]}`;
}
