import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY } from '../../../shared/attribution/attribution';
import type { Lang } from '../../../shared/i18n/lang';
import { COUNTRY_LIST_URL, LEAD_URL } from '../api';
import { NoticeProvider } from '../components/notices';
import { I18nProvider, loadDictionary } from '../i18n/dictionaries';
import { en } from '../i18n/en';
import { ContactForm } from './contact-form';
import { CONSENT } from './lead-rules';

const COUNTRIES = [
  {
    code: 'ID',
    enTxt: 'Indonesia',
    jaTxt: 'インドネシア',
    koTxt: '인도네시아',
    esTxt: 'Indonesia',
    ptTxt: 'Indonésia',
  },
  { code: 'JP', enTxt: 'Japan', jaTxt: '日本', koTxt: '일본', esTxt: 'Japón', ptTxt: 'Japão' },
  {
    code: 'MX',
    enTxt: 'Mexico',
    jaTxt: 'メキシコ',
    koTxt: '멕시코',
    esTxt: 'México',
    ptTxt: 'México',
  },
  { code: 'XK', enTxt: 'Kosovo' },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

let leadAnswer: () => Promise<Response>;
let requests: { url: string; init?: RequestInit }[];

beforeEach(() => {
  sessionStorage.clear();
  requests = [];
  leadAnswer = async () => json(200, { code: 200, msg: 'ok', data: { id: 'L1' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      if (url === COUNTRY_LIST_URL) return json(200, { code: 200, msg: 'ok', data: COUNTRIES });
      if (url === LEAD_URL) return leadAnswer();
      return json(404, { code: 404, msg: 'not found' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

async function renderForm(lang: Lang = 'en') {
  const dictionary = lang === 'en' ? en : await loadDictionary[lang]();
  render(
    <I18nProvider lang={lang} dictionary={dictionary}>
      <NoticeProvider>
        <ContactForm />
      </NoticeProvider>
    </I18nProvider>,
  );
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(10));
  return dictionary;
}

function fillValid() {
  fireEvent.change(screen.getByLabelText(/Business email/), {
    target: { value: '  ana@example.com ' },
  });
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Ruiz' } });
  fireEvent.change(screen.getByLabelText(/Country/), { target: { value: 'MX' } });
  fireEvent.change(screen.getByLabelText(/describes you/), { target: { value: 'agency' } });
  fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Example Apps' } });
  fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Hello' } });
  fireEvent.click(screen.getByLabelText(CONSENT.text, { exact: false }));
}

/** What fillValid() sends, with the constants the page adds. */
const LEAD_BODY = {
  businessEmail: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  country: 'MX',
  describes: 'agency',
  companyName: 'Example Apps',
  remark: 'Hello',
  agree: true,
  officialWebsiteName: 'waveads',
  consentVersion: CONSENT.version,
  language: 'en',
  website: '',
};

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the contact form', () => {
  it('labels every field and offers the six interest options', async () => {
    await renderForm();
    for (const label of [
      /Business email/,
      /First name/,
      /Last name/,
      /Country\/Region/,
      /describes you/,
      /Company name/,
      /Message/,
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const describes = screen.getByLabelText(/describes you/);
    expect(
      within(describes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select an option',
      'Mobile app advertiser (machine-learning advertising)',
      'Marketplace or retailer (commerce media ads platform)',
      'Ad agency (agency partner program)',
      'Publisher (SDK)',
      'Streaming company (streaming ads server)',
      'Other',
    ]);
  });

  it('fills the country select from the API in the page language, English as fallback', async () => {
    await renderForm('ja');
    expect(requests[0]!.url).toBe(COUNTRY_LIST_URL);
    const select = screen.getByLabelText(/国・地域/);
    const names = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(expect.arrayContaining(['インドネシア', '日本', 'メキシコ', 'Kosovo']));
    expect(within(select).getByText('日本').getAttribute('value')).toBe('JP');
  });

  it('shows every message at once on an invalid submit and focuses the first field', async () => {
    await renderForm();
    submit();
    for (const message of [
      'Please input your businessEmail!',
      'Please input your first name!',
      'Please input your last name!',
      'Please select country/region!',
      'Please select option!',
      'Please input company name!',
      'Should accept agreement',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    const email = screen.getByLabelText(/Business email/);
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please input your businessEmail!',
    );
    expect(requests.filter((r) => r.url === LEAD_URL)).toHaveLength(0);
  });

  it('updates the messages as the visitor fixes the fields, and focuses the first still invalid', async () => {
    await renderForm();
    submit();
    fireEvent.change(screen.getByLabelText(/Business email/), { target: { value: 'ana@' } });
    expect(screen.getByText('The input is not valid businessEmail!')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Business email/), { target: { value: 'ana@x.io' } });
    expect(screen.queryByText('The input is not valid businessEmail!')).toBeNull();
    submit();
    expect(document.activeElement).toBe(screen.getByLabelText(/First name/));
  });

  it('shows the messages in the page language', async () => {
    const ko = await renderForm('ko');
    fireEvent.click(screen.getByRole('button', { name: ko['form.submit'] }));
    expect(screen.getByText(ko['form.businessEmail.required'])).toBeTruthy();
    expect(screen.getByText(ko['form.agree.required'])).toBeTruthy();
    // Family name first in Korean.
    const inputs = screen.getAllByRole('textbox').map((i) => i.getAttribute('name'));
    expect(inputs.indexOf('lastName')).toBeLessThan(inputs.indexOf('firstName'));
  });

  it('counts the remark up to 500', async () => {
    await renderForm();
    const remark = screen.getByLabelText(/Message/) as HTMLTextAreaElement;
    expect(remark.maxLength).toBe(500);
    expect(screen.getByText('0 of 500 characters')).toBeTruthy();
    fireEvent.change(remark, { target: { value: 'Hello' } });
    expect(screen.getByText('5 of 500 characters')).toBeTruthy();
  });

  it('sends the lead with the constants, shows loading, then the success notice and clears', async () => {
    let answer!: (r: Response) => void;
    leadAnswer = () => new Promise((resolve) => (answer = resolve));
    await renderForm();
    fillValid();
    submit();
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const sent = requests.find((r) => r.url === LEAD_URL)!;
    expect(sent.init?.method).toBe('POST');
    expect(JSON.parse(sent.init!.body as string)).toEqual(LEAD_BODY);
    fireEvent.click(button); // ignored while sending
    expect(requests.filter((r) => r.url === LEAD_URL)).toHaveLength(1);
    await act(async () => answer(json(200, { code: 200, msg: 'ok', data: { id: 'L1' } })));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('submit successfully');
    expect(notice.textContent).toContain('Your information has been successfully submitted!');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect((screen.getByLabelText(/Business email/) as HTMLInputElement).value).toBe('');
  });

  async function sentBody(): Promise<string> {
    await renderForm();
    fillValid();
    submit();
    await screen.findByRole('status');
    const sent = requests.filter((r) => r.url === LEAD_URL);
    expect(sent).toHaveLength(1);
    return sent[0]!.init!.body as string;
  }

  it("sends the session's attribution beside the lead", async () => {
    const attribution = {
      utm_source: 'google',
      utm_campaign: 'spring sale',
      gclid: 'g1',
      referrer: 'https://www.google.com',
      landing_path: '/',
      first_seen: '2026-03-04T05:06:07.089Z',
    };
    sessionStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(attribution));
    const body = JSON.parse(await sentBody()) as Record<string, unknown>;
    expect(body).toEqual({ ...LEAD_BODY, attribution });
    expect(Object.keys(body).at(-1)).toBe('attribution');
  });

  it('sends no attribution key when nothing was captured: the body as before', async () => {
    const body = await sentBody();
    expect(JSON.parse(body)).not.toHaveProperty('attribution');
    expect(body).toBe(JSON.stringify(LEAD_BODY));
  });

  it('sends the lead without attribution when session storage throws', async () => {
    sessionStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify({ utm_source: 'x' }));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(await sentBody()).toBe(JSON.stringify(LEAD_BODY));
  });

  it.each([
    ['a 400', () => json(400, { code: 400, msg: 'invalid', errors: {} })],
    ['a 429', () => json(429, { code: 429, msg: 'slow down' })],
    ['a 503', () => json(503, { code: 503, msg: 'unavailable' })],
    ['HTTP 200 with another code', () => json(200, { code: 500, msg: 'odd' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the error notice on %s', async (_what, reply) => {
    leadAnswer = async () => reply();
    await renderForm();
    fillValid();
    submit();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('submit wrong');
    expect(notice.textContent).toContain('something went wrong');
    // Nothing typed is lost.
    expect((screen.getByLabelText(/Business email/) as HTMLInputElement).value).toBe(
      'ana@example.com',
    );
    expect((screen.getByLabelText(/Message/) as HTMLInputElement).value).toBe('Hello');
  });

  it("shows the server's field messages, translated", async () => {
    leadAnswer = async () =>
      json(400, {
        code: 400,
        msg: 'invalid',
        errors: { businessEmail: 'The input is not valid businessEmail!' },
      });
    const es = await renderForm('es');
    fireEvent.change(screen.getByLabelText(/Correo/), { target: { value: 'ana@example.com' } });
    fireEvent.change(
      screen.getByLabelText('Nombre', { exact: false, selector: 'input[name=firstName]' }),
      { target: { value: 'Ana' } },
    );
    fireEvent.change(screen.getByLabelText(/Apellido/), { target: { value: 'Ruiz' } });
    fireEvent.change(screen.getByLabelText(/País/), { target: { value: 'MX' } });
    fireEvent.change(screen.getByLabelText(/describe/), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(/Nombre de la empresa/), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: es['form.submit'] }));
    expect(await screen.findByText(es['form.businessEmail.email'])).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      es['notice.submitError.title'],
    );
  });
});
