import { useId, useRef } from 'react';
import { useSettingValue } from '../../../shared/render/setting-values';
import { usePagePath } from '../components/page-links';
import { useI18n } from '../i18n/dictionaries';
import { DialogActions } from './dialog-actions';
import { FilePicker } from './file-picker';
import { MessageArea } from './message-area';
import { UploadListItem } from './upload-list-item';
import { MAX_UPLOAD_SIZE, typeList } from './resume-rules';
import { useModal } from './use-modal';
import { useResumeUpload } from './use-resume-upload';
import s from './resume-dialog.module.css';

/**
 * The resume dialog (native modal <dialog>): one file, replaced by a new choice, held locally
 * and sent only on submit with percent progress. Success closes the dialog, clears it and says
 * 'Upload successful'; a failure says 'Upload failed' with the server's reason. It closes on
 * Cancel, the close button, Escape or a click on the backdrop, and is cleared whenever it closes.
 */
export function ResumeDialog(props: { open: boolean; onClose: () => void }) {
  const { t, lang } = useI18n();
  const pathOf = usePagePath();
  const maxSize = useSettingValue(MAX_UPLOAD_SIZE);
  const uid = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const close = () => dialogRef.current?.close();
  const { inputRef, item, message, sending, choose, remove, submit, clear } =
    useResumeUpload(close);
  const { open, onClose } = props;

  useModal(dialogRef, open);

  return (
    <dialog
      ref={dialogRef}
      className={s.dialog}
      aria-labelledby={`${uid}-title`}
      aria-describedby={`${uid}-intro`}
      onClose={() => {
        clear();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current) close();
      }}
    >
      <form className={s.body} onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${uid}-title`} className={s.title}>
          {t('resume.title')}
        </h2>
        <p id={`${uid}-intro`} className={s.intro}>
          {t('resume.intro')}
        </p>
        <MessageArea message={message} />
        <FilePicker
          ref={inputRef}
          hintId={`${uid}-hint`}
          disabled={sending}
          chosen={item !== null}
          onChoose={choose}
        />
        <p id={`${uid}-hint`} className={s.hint}>
          {t('resume.hint', { types: typeList(lang), max: maxSize })}
        </p>
        <ul className={s.list} aria-label={t('resume.list')}>
          {item !== null && (
            <UploadListItem
              key={item.uid}
              item={item}
              tooltipId={`${uid}-tooltip`}
              onRemove={remove}
            />
          )}
        </ul>
        <DialogActions sending={sending} onClose={close} />
        {/* Last, so the focus still starts on the file chooser and Submit is two tabs away. */}
        <p className={s.privacy}>
          <a href={pathOf('privacy')}>{t('resume.privacy')}</a>
        </p>
      </form>
    </dialog>
  );
}
