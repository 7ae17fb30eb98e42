import type { Ref } from 'react';
import { useI18n } from '../i18n/dictionaries';
import { HONEYPOT_FIELD } from './lead-rules';
import s from './contact-form.module.css';

/** The field only robots fill in: out of sight, out of the tab order, left to the DOM. */
export function HoneypotField({ id, ref }: { id: string; ref: Ref<HTMLInputElement> }) {
  const { t } = useI18n();
  return (
    <div className={s.honeypot} aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot.label')}</label>
      <input
        ref={ref}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
