import type { Ref } from 'react';
import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import { RESUME_ACCEPT } from './resume-rules';
import s from './resume-dialog.module.css';

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
