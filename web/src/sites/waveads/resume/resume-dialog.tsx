import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { uploadResume, type UploadAnswer } from '../api';
import { Icon } from '../components/icons';
import { useNotify } from '../components/notices';
import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';
import s from './resume-dialog.module.css';

/** SPEC: an upload list item's statuses (no status yet: chosen, waiting for submit). */
export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

/** SPEC section 9: the list item appears 300 ms after the choice; its thumbnail is 200 px. */
export const ITEM_DELAY_MS = 300;
export const THUMB_SIZE = 200;

/** What the file picker offers (the server judges the type by the file's bytes). */
export const RESUME_ACCEPT = [
  '.pdf',
  '.doc',
  '.docx',
  '.odt',
  '.rtf',
  '.txt',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/plain',
].join(',');

interface Item {
  readonly uid: number;
  readonly file: File;
  readonly status?: UploadStatus;
  readonly percent: number;
  readonly shown: boolean;
  /** The error tooltip's text. */
  readonly error?: string;
}

interface Message {
  readonly kind: 'warning' | 'error';
  readonly text: string;
  readonly reason?: string | undefined;
}

const REASONS: Readonly<Record<number, MessageKey>> = {
  400: 'resume.reason.400',
  413: 'resume.reason.413',
  415: 'resume.reason.415',
  429: 'resume.reason.429',
  503: 'resume.reason.503',
};

/**
 * The error tooltip's text, in the order of SPEC section 8: the response text, else the status
 * text, else the exception's message, else the default upload error. Each is shown in the
 * page's language when its meaning is known (the server's reasons by status), else as it came.
 */
export function uploadErrorText(answer: UploadAnswer, t: (key: MessageKey) => string): string {
  const known = REASONS[answer.status];
  if (answer.responseText !== '') return known !== undefined ? t(known) : answer.responseText;
  if (answer.statusText !== '') return known !== undefined ? t(known) : answer.statusText;
  if (answer.error !== undefined && answer.error !== '') return t('resume.reason.network');
  return t('resume.defaultError');
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1, dot + 5).toUpperCase() : '';
}

function useFileSize(lang: string) {
  return useCallback(
    (bytes: number) => {
      const mb = bytes >= 1024 * 1024;
      return new Intl.NumberFormat(lang, {
        style: 'unit',
        unit: mb ? 'megabyte' : 'kilobyte',
        maximumFractionDigits: 1,
      }).format(mb ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
    },
    [lang],
  );
}

/**
 * The resume dialog (native modal <dialog>): one file, replaced by a new choice, held locally
 * and sent only on submit with percent progress. Success closes the dialog, clears it and says
 * 'Upload successful'; a failure says 'Upload failed' with the server's reason. It closes on
 * Cancel, the close button, Escape or a click on the backdrop, and is cleared whenever it closes.
 */
export function ResumeDialog(props: { open: boolean; onClose: () => void }) {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const timers = useRef<number[]>([]);
  const abort = useRef<(() => void) | null>(null);
  const nextUid = useRef(1);
  const [item, setItem] = useState<Item | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [sending, setSending] = useState(false);
  const size = useFileSize(lang);
  const { open, onClose } = props;

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  const clear = useCallback(() => {
    abort.current?.();
    abort.current = null;
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
    setItem(null);
    setMessage(null);
    setSending(false);
    if (input.current !== null) input.current.value = '';
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Unmounting while sending: stop the request and the timers.
  useEffect(() => clear, [clear]);

  const onDialogClose = () => {
    clear();
    onClose();
  };

  const choose = (file: File | undefined) => {
    if (file === undefined) return;
    const fresh: Item = { uid: nextUid.current++, file, percent: 0, shown: false };
    // One file at most: the new choice replaces the old one.
    setItem(fresh);
    setMessage(null);
    later(() => setItem((i) => (i?.uid === fresh.uid ? { ...i, shown: true } : i)), ITEM_DELAY_MS);
  };

  const remove = () => {
    if (item === null || sending) return;
    const gone = item.uid;
    setItem({ ...item, status: 'removed' });
    later(() => setItem((i) => (i?.uid === gone ? null : i)), ITEM_DELAY_MS);
    if (input.current !== null) input.current.value = '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (item === null || item.status === 'removed') {
      setMessage({ kind: 'warning', text: t('resume.noFile') });
      return;
    }
    const current = item.uid;
    const patch = (change: Partial<Item>) =>
      setItem((i) => (i?.uid === current ? { ...i, ...change } : i));
    setMessage(null);
    setSending(true);
    patch({ status: 'uploading', percent: 0, shown: true });
    const upload = uploadResume(item.file, (percent) => patch({ percent }));
    abort.current = upload.abort;
    const answer = await upload.done;
    if (abort.current !== upload.abort) return; // closed (and cleared) meanwhile
    abort.current = null;
    setSending(false);
    if (answer.status === 200) {
      patch({ status: 'done', percent: 100 });
      notify({ kind: 'success', title: t('resume.success') });
      dialog.current?.close();
      return;
    }
    const reason = uploadErrorText(answer, t);
    patch({ status: 'error', error: reason });
    setMessage({ kind: 'error', text: t('resume.failed'), reason });
  };

  const status = item?.status;
  const statusText =
    status === undefined
      ? t('resume.status.ready')
      : status === 'uploading'
        ? t('resume.status.uploading', { percent: item?.percent ?? 0 })
        : t(`resume.status.${status}`);

  return (
    <dialog
      ref={dialog}
      className={s.dialog}
      aria-labelledby={`${uid}-title`}
      aria-describedby={`${uid}-intro`}
      onClose={onDialogClose}
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current?.close();
      }}
    >
      <form className={s.body} onSubmit={(e) => void onSubmit(e)} noValidate>
        <h2 id={`${uid}-title`} className={s.title}>
          {t('resume.title')}
        </h2>
        <p id={`${uid}-intro`} className={s.intro}>
          {t('resume.intro')}
        </p>

        <div className={s.messages} role="alert">
          {message !== null && (
            <p className={`${s.message} ${s[message.kind]}`}>
              <Icon name={message.kind === 'error' ? 'cross' : 'alert'} className={s.messageIcon} />
              <span>
                <strong>{message.text}</strong>
                {message.reason !== undefined && (
                  <span className={s.reason}> {message.reason}</span>
                )}
              </span>
            </p>
          )}
        </div>

        <label className={s.picker}>
          <input
            ref={input}
            className={s.file}
            type="file"
            name="file"
            accept={RESUME_ACCEPT}
            disabled={sending}
            aria-describedby={`${uid}-hint`}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Icon name="upload" className={s.pickerIcon} />
          <span>{t(item === null ? 'resume.choose' : 'resume.chooseAnother')}</span>
        </label>
        <p id={`${uid}-hint`} className={s.hint}>
          {t('resume.hint')}
        </p>

        <ul className={s.list} aria-label={t('resume.list')}>
          {item !== null && (
            <li
              key={item.uid}
              className={`${s.item} ${item.shown ? s.shown : ''}`}
              data-status={status ?? 'ready'}
              hidden={!item.shown}
            >
              <div className={s.thumb} aria-hidden="true">
                <span className={s.page}>
                  <span className={s.ext}>{extension(item.file.name)}</span>
                  <span className={s.lines} />
                </span>
              </div>
              <div className={s.meta}>
                <p className={s.name}>{item.file.name}</p>
                <p className={s.size}>{size(item.file.size)}</p>
                <p className={s.status}>
                  {status === 'done' && <Icon name="check" className={s.statusIcon} />}
                  {status === 'error' && <Icon name="alert" className={s.statusIcon} />}
                  <span>{statusText}</span>
                </p>
                {status === 'uploading' && (
                  <progress
                    className={s.progress}
                    max={100}
                    value={item.percent}
                    aria-label={statusText}
                  />
                )}
                {status === 'error' && (
                  <span className={s.tip}>
                    <button
                      type="button"
                      className={s.tipButton}
                      aria-describedby={`${uid}-tooltip`}
                    >
                      <Icon name="info" className={s.statusIcon} />
                      <span className="visually-hidden">{t('resume.errorDetails')}</span>
                    </button>
                    <span id={`${uid}-tooltip`} role="tooltip" className={s.tooltip}>
                      {item.error}
                    </span>
                  </span>
                )}
              </div>
              {status !== 'removed' && status !== 'uploading' && (
                <button
                  type="button"
                  className={s.remove}
                  onClick={remove}
                  aria-label={t('resume.remove', { name: item.file.name })}
                >
                  <Icon name="trash" className={s.statusIcon} />
                </button>
              )}
            </li>
          )}
        </ul>

        <div className={s.actions}>
          <button type="button" className={s.cancel} onClick={() => dialog.current?.close()}>
            {t('resume.cancel')}
          </button>
          <button
            type="submit"
            className={s.submit}
            aria-disabled={sending || undefined}
            data-loading={sending || undefined}
          >
            {sending && <span className={s.spinner} aria-hidden="true" />}
            {t(sending ? 'resume.sending' : 'resume.submit')}
          </button>
        </div>

        <button
          type="button"
          className={s.close}
          onClick={() => dialog.current?.close()}
          aria-label={t('resume.close')}
        >
          <Icon name="cross" className={s.closeIcon} />
        </button>
      </form>
    </dialog>
  );
}
