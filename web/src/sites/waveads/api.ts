/**
 * The intake API (docs/http-api.md). Every answer is JSON `{code, msg, data}` with `code`
 * equal to the HTTP status. No request has a time-out (docs/product.md: default time-out 0).
 */
import type { Lang } from '../../shared/i18n/lang';

export const COUNTRY_LIST_URL = '/pac-foreign/officialwebsite/country/lsit';
export const LEAD_URL = '/api/pac-foreign/officialwebsite/add';
export const UPLOAD_URL = '/api/pac-foreign/officialwebsite/upload?officialWebsiteName=waveads';

/** A country of the list: its ISO code and its name in each language. */
export interface Country {
  readonly code: string;
  readonly enTxt: string;
  readonly jaTxt?: string;
  readonly koTxt?: string;
  readonly esTxt?: string;
  readonly ptTxt?: string;
}

/** The country's name in `lang`, else its English name. */
export function countryName(country: Country, lang: Lang): string {
  const name = country[`${lang}Txt`];
  return typeof name === 'string' && name !== '' ? name : country.enTxt;
}

function isCountry(value: unknown): value is Country {
  const c = value as Country;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof c.code === 'string' &&
    typeof c.enTxt === 'string'
  );
}

/** GET the country list (`data` of the answer). Throws on a failed request or a bad answer. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  const response = await fetch(COUNTRY_LIST_URL, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`country list: HTTP ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  if (!Array.isArray(body.data)) throw new Error('country list: no data');
  return body.data.filter(isCountry);
}

export type LeadResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: number; readonly errors?: unknown };

/** POST a lead. Success is HTTP 200 with `code` 200; anything else (or an exception) is a failure. */
export async function submitLead(body: Readonly<Record<string, unknown>>): Promise<LeadResult> {
  try {
    const response = await fetch(LEAD_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as {
      code?: unknown;
      errors?: unknown;
    } | null;
    if (response.ok && answer?.code === 200) return { ok: true };
    return { ok: false, status: response.status, errors: answer?.errors };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** How an upload ended. `status` 0: the request itself failed (network, abort). */
export interface UploadAnswer {
  readonly status: number;
  readonly statusText: string;
  /** The server's reason: `msg` of a JSON answer, else its plain text (never HTML). */
  readonly responseText: string;
  /** The exception's message, when the request failed. */
  readonly error?: string;
}

function reasonOf(xhr: XMLHttpRequest): string {
  const text = xhr.responseText.trim();
  if (text === '') return '';
  try {
    const body = JSON.parse(text) as { msg?: unknown };
    return typeof body.msg === 'string' ? body.msg.trim() : '';
  } catch {
    return /^[^<]{1,200}$/.test(text) ? text : '';
  }
}

/**
 * POST one file as multipart/form-data (field `file`) with XMLHttpRequest, which reports upload
 * progress (`fetch` does not). Resolves with the answer whatever its status; `abort` cancels.
 */
export function uploadResume(
  file: File,
  onProgress: (percent: number) => void,
): { readonly done: Promise<UploadAnswer>; readonly abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadAnswer>((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, responseText: reasonOf(xhr) });
    xhr.onerror = () =>
      resolve({ status: 0, statusText: '', responseText: '', error: 'Network error' });
    xhr.onabort = () => resolve({ status: 0, statusText: '', responseText: '', error: 'Aborted' });
  });
  const form = new FormData();
  form.append('file', file);
  xhr.open('POST', UPLOAD_URL);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
