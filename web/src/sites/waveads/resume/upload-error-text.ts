import type { UploadAnswer } from '../api';
import type { MessageKey } from '../i18n/en';

const REASONS: Readonly<Record<number, MessageKey>> = {
  400: 'resume.reason.400',
  413: 'resume.reason.413',
  415: 'resume.reason.415',
  429: 'resume.reason.429',
  503: 'resume.reason.503',
};

/**
 * The error tooltip's text, in the order of docs/product.md, Messages: the response text, else the status
 * text, else the exception's message, else the default upload error. Each is shown in the
 * page's language when its meaning is known (the server's reasons by status, with `params`: the
 * accepted types and the size cap), else as it came.
 */
export function uploadErrorText(
  answer: UploadAnswer,
  t: (key: MessageKey, params?: Readonly<Record<string, string>>) => string,
  params: Readonly<Record<string, string>> = {},
): string {
  const known = REASONS[answer.status];
  if (answer.responseText !== '')
    return known !== undefined ? t(known, params) : answer.responseText;
  if (answer.statusText !== '') return known !== undefined ? t(known, params) : answer.statusText;
  if (answer.error !== undefined && answer.error !== '') return t('resume.reason.network');
  return t('resume.defaultError');
}
