import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { uploadResume } from '../api';
import { useNotify } from '../components/notices';
import { useSettingValue } from '../../../shared/render/setting-values';
import { useI18n } from '../i18n/dictionaries';
import type { DialogMessage } from './message-area';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_SIZE, refusalOf, typeList } from './resume-rules';
import { uploadErrorText } from './upload-error-text';
import { useUploadItem } from './use-upload-item';

/**
 * The resume upload: the chosen file, held locally and sent only on submit with percent progress;
 * `onUploaded` runs after the success notice. `clear` stops a request in flight and forgets
 * everything (the dialog clears whenever it closes, and on unmount).
 */
export function useResumeUpload(onUploaded: () => void) {
  const { t, lang } = useI18n();
  const maxBytes = Number(useSettingValue(MAX_UPLOAD_BYTES));
  const reasonParams = { types: typeList(lang), max: useSettingValue(MAX_UPLOAD_SIZE) };
  /** What the server would answer `file`, said before it is sent; null when it may go. */
  const refusal = (file: File): string | null => {
    const status = refusalOf(file, maxBytes);
    return status === null ? null : t(`resume.reason.${status}`, reasonParams);
  };
  const notify = useNotify();
  const { inputRef, item, patch, reset, ...chosen } = useUploadItem();
  const abort = useRef<(() => void) | null>(null);
  const [message, setMessage] = useState<DialogMessage | null>(null);
  const [sending, setSending] = useState(false);

  const clear = useCallback(() => {
    abort.current?.();
    abort.current = null;
    reset();
    setMessage(null);
    setSending(false);
  }, [reset]);

  // Unmounting while sending: stop the request and the timers.
  useEffect(() => clear, [clear]);

  const choose = (file: File | undefined) => {
    if (file === undefined) return;
    const uid = chosen.choose(file);
    const refused = refusal(file);
    if (refused !== null) {
      // Never "Ready to send": the item says why at once, as the server would have.
      patch(uid, { status: 'error', error: refused });
      setMessage({ kind: 'warning', text: refused });
      return;
    }
    setMessage(null);
  };

  const remove = () => {
    if (!sending) chosen.remove();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (item === null || item.status === 'removed') {
      setMessage({ kind: 'warning', text: t('resume.noFile') });
      return;
    }
    const refused = refusal(item.file);
    if (refused !== null) {
      setMessage({ kind: 'warning', text: refused });
      return;
    }
    const current = item.uid;
    setMessage(null);
    setSending(true);
    patch(current, { status: 'uploading', percent: 0, shown: true });
    const upload = uploadResume(item.file, (percent) => patch(current, { percent }));
    abort.current = upload.abort;
    const answer = await upload.done;
    if (abort.current !== upload.abort) return; // closed (and cleared) meanwhile
    abort.current = null;
    setSending(false);
    if (answer.status === 200) {
      patch(current, { status: 'done', percent: 100 });
      notify({ kind: 'success', title: t('resume.success') });
      onUploaded();
      return;
    }
    const reason = uploadErrorText(answer, t, reasonParams);
    patch(current, { status: 'error', error: reason });
    setMessage({ kind: 'error', text: t('resume.failed'), reason });
  };

  return { inputRef, item, message, sending, choose, remove, submit, clear };
}
