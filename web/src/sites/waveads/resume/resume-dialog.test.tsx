import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadAnswer } from '../api';
import { SettingValuesProvider } from '../../../shared/render/setting-values';
import { NoticeProvider } from '../components/notices';
import { I18nProvider } from '../i18n/dictionaries';
import { en, type MessageKey } from '../i18n/en';
import { ResumeDialog } from './resume-dialog';
import { uploadErrorText } from './upload-error-text';
import { ITEM_DELAY_MS } from './upload-item';

// jsdom has <dialog> without its modal behaviour.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

/** A stand-in XMLHttpRequest that the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, statusText: string, body: string) {
    Object.assign(this, { status, statusText, responseText: body });
    this.onload?.();
  }
}

const t = (key: MessageKey) => en[key];
const pdf = () => new File(['%PDF-1.4 resume'], 'ana-ruiz.pdf', { type: 'application/pdf' });

/** The server's own values, as it fills them into a page: a cap of 1 MB here. */
const SETTINGS = { 'limits.max_upload_bytes': '1048576', 'limits.max_upload_size': '1 MB' };

function Harness(props: { onClose?: () => void }) {
  return (
    <SettingValuesProvider values={SETTINGS}>
      <I18nProvider lang="en" dictionary={en}>
        <NoticeProvider>
          <ResumeDialog open onClose={props.onClose ?? (() => {})} />
        </NoticeProvider>
      </I18nProvider>
    </SettingValuesProvider>
  );
}

const REASON_415 =
  'This type of file is not accepted. Please send a PDF, DOC, DOCX, ODT, RTF or TXT file.';
const REASON_413 = 'The file is too large. Please send one of 1 MB or less.';

const dialog = () => document.querySelector('dialog')!;
const fileInput = () => dialog().querySelector<HTMLInputElement>('input[type=file]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Submit|Sending…)$/ }));
const item = () => dialog().querySelector('li');

beforeEach(() => {
  vi.useFakeTimers();
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the resume dialog', () => {
  it('opens as a labelled modal dialog', () => {
    render(<Harness />);
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Send us your resume' })).toBeTruthy();
  });

  it("warns 'Please upload a file' when nothing is chosen", () => {
    render(<Harness />);
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please upload a file');
    expect(FakeXhr.last).toBeNull();
  });

  it('shows the chosen file 300 ms later, and sends nothing before submit', () => {
    render(<Harness />);
    choose(pdf());
    expect(item()?.hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(ITEM_DELAY_MS - 1);
    });
    expect(item()?.hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(item()?.hidden).toBe(false);
    expect(item()?.textContent).toContain('ana-ruiz.pdf');
    expect(item()?.dataset.status).toBe('ready');
    expect(FakeXhr.last).toBeNull();
  });

  it('keeps one file: a new choice replaces the old one', () => {
    render(<Harness />);
    choose(pdf());
    choose(new File(['hello'], 'cover.txt', { type: 'text/plain' }));
    act(() => {
      vi.advanceTimersByTime(ITEM_DELAY_MS);
    });
    expect(dialog().querySelectorAll('li')).toHaveLength(1);
    expect(item()?.textContent).toContain('cover.txt');
  });

  it('uploads with percent progress, then closes, clears and says Upload successful', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const file = pdf();
    choose(file);
    submit();
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/pac-foreign/officialwebsite/upload?officialWebsiteName=waveads');
    expect(xhr.body?.get('file')).toBe(file);
    expect(item()?.dataset.status).toBe('uploading');
    expect(item()?.hidden).toBe(false);
    act(() => xhr.progress(42, 100));
    expect(item()?.textContent).toContain('Uploading 42%');
    expect(dialog().querySelector('progress')?.value).toBe(42);
    expect(screen.getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await act(async () => xhr.answer(200, 'OK', '{"code":200,"msg":"ok","data":{"id":"R1"}}'));
    expect(dialog().open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(item()).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Upload successful');
  });

  it("says Upload failed with the server's reason, and the item shows it as a tooltip", async () => {
    render(<Harness />);
    choose(pdf());
    submit();
    await act(async () =>
      FakeXhr.last!.answer(415, 'Unsupported Media Type', '{"code":415,"msg":"not a document"}'),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Upload failed');
    expect(alert.textContent).toContain(REASON_415);
    expect(item()?.dataset.status).toBe('error');
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip.textContent).toBe(REASON_415);
    expect(
      screen
        .getByRole('button', { name: 'Why did the upload fail?' })
        .getAttribute('aria-describedby'),
    ).toBe(tip.id);
    expect(dialog().open).toBe(true);
  });

  it('offers only the accepted types, from the rules file the server reads, and says the cap', () => {
    render(<Harness />);
    expect(fileInput().accept.split(',')).toEqual([
      ...['.pdf', '.doc', '.docx', '.odt', '.rtf', '.txt'],
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.oasis.opendocument.text',
      'application/rtf',
      'text/plain',
    ]);
    expect(dialog().textContent).toContain(
      'One file: PDF, DOC, DOCX, ODT, RTF or TXT, up to 1 MB.',
    );
  });

  it('refuses a file of another type at once, as the server would, and never sends it', () => {
    render(<Harness />);
    choose(new File(['MZ...'], 'setup.exe', { type: 'application/x-msdownload' }));
    act(() => vi.advanceTimersByTime(ITEM_DELAY_MS));
    expect(item()?.dataset.status).toBe('error');
    expect(item()?.textContent).not.toContain('Ready to send');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(REASON_415);
    expect(dialog().textContent).toContain(REASON_415);
    submit();
    expect(FakeXhr.last).toBeNull();
    expect(dialog().textContent).toContain(REASON_415);
  });

  it('refuses a file over the cap at once, with the size the server takes', () => {
    render(<Harness />);
    choose(new File([new Uint8Array(1048577)], 'big.pdf', { type: 'application/pdf' }));
    expect(item()?.dataset.status).toBe('error');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(REASON_413);
    submit();
    expect(FakeXhr.last).toBeNull();
    // One at the cap goes.
    choose(new File([new Uint8Array(1048576)], 'ok.pdf', { type: 'application/pdf' }));
    expect(item()?.dataset.status).toBe('ready');
    submit();
    expect(FakeXhr.last).not.toBeNull();
  });

  it('removes the item (status removed), then asks for a file again', () => {
    render(<Harness />);
    choose(pdf());
    act(() => {
      vi.advanceTimersByTime(ITEM_DELAY_MS);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove ana-ruiz.pdf' }));
    expect(item()?.dataset.status).toBe('removed');
    act(() => {
      vi.advanceTimersByTime(ITEM_DELAY_MS);
    });
    expect(item()).toBeNull();
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please upload a file');
  });

  it('closes on Cancel and clears the chosen file', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    choose(pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog().open).toBe(false);
    expect(onClose).toHaveBeenCalled();
    expect(item()).toBeNull();
  });

  it('stops a running upload when it closes', () => {
    render(<Harness />);
    choose(pdf());
    submit();
    const abort = vi.spyOn(FakeXhr.last!, 'abort');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(abort).toHaveBeenCalled();
  });
});

describe('the error tooltip text (the order of docs/product.md, Messages)', () => {
  const answer = (over: Partial<UploadAnswer>): UploadAnswer => ({
    status: 0,
    statusText: '',
    responseText: '',
    ...over,
  });

  it('is the response text first, translated when its status is known', () => {
    expect(
      uploadErrorText(
        answer({ status: 413, statusText: 'Content Too Large', responseText: 'too big' }),
        t,
      ),
    ).toBe(en['resume.reason.413']);
    expect(
      uploadErrorText(answer({ status: 500, statusText: 'Internal', responseText: 'boom' }), t),
    ).toBe('boom');
  });

  it('else the status text', () => {
    expect(uploadErrorText(answer({ status: 502, statusText: 'Bad Gateway' }), t)).toBe(
      'Bad Gateway',
    );
    expect(uploadErrorText(answer({ status: 429, statusText: 'Too Many Requests' }), t)).toBe(
      en['resume.reason.429'],
    );
  });

  it('else the exception message, else the default upload error', () => {
    expect(uploadErrorText(answer({ error: 'Network error' }), t)).toBe(
      en['resume.reason.network'],
    );
    expect(uploadErrorText(answer({}), t)).toBe('Upload error');
  });
});
