import type { Ref } from 'react';
import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import s from './resume-dialog.module.css';

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

/** The file input inside its button-like label; it offers "another file" once one is chosen. */
export function FilePicker({
  ref,
  hintId,
  disabled,
  chosen,
  onChoose,
}: {
  ref: Ref<HTMLInputElement>;
  hintId: string;
  disabled: boolean;
  chosen: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const { t } = useI18n();
  return (
    <label className={s.picker}>
      <input
        ref={ref}
        className={s.file}
        type="file"
        name="file"
        accept={RESUME_ACCEPT}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
      <Icon name="upload" className={s.pickerIcon} />
      <span>{t(chosen ? 'resume.chooseAnother' : 'resume.choose')}</span>
    </label>
  );
}
