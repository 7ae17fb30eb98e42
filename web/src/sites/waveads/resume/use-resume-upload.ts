import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { uploadResume } from '../api';
import { useNotify } from '../components/notices';
import { useI18n } from '../i18n/dictionaries';
import type { DialogMessage } from './message-area';
import { uploadErrorText } from './upload-error-text';
import { useUploadItem } from './use-upload-item';

/**
 * The resume upload: the chosen file, held locally and sent only on submit with percent progress;
 * `onUploaded` runs after the success notice. `clear` stops a request in flight and forgets
 * everything (the dialog clears whenever it closes, and on unmount).
 */
export function useResumeUpload(onUploaded: () => void) {
  const { t } = useI18n();
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
    chosen.choose(file);
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
    const reason = uploadErrorText(answer, t);
    patch(current, { status: 'error', error: reason });
    setMessage({ kind: 'error', text: t('resume.failed'), reason });
  };

  return { inputRef, item, message, sending, choose, remove, submit, clear };
}
