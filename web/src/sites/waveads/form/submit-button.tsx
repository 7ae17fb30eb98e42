import { useI18n } from '../i18n/dictionaries';
import s from './contact-form.module.css';

/** Submit; while the lead is on its way it says so and ignores clicks (the form checks `sending`). */
export function SubmitButton(props: { sending: boolean }) {
  const { t } = useI18n();
  const { sending } = props;
  return (
    <button
      type="submit"
      className={s.submit}
      aria-disabled={sending || undefined}
      data-loading={sending || undefined}
    >
      {sending && <span className={s.spinner} aria-hidden="true" />}
      {t(sending ? 'form.sending' : 'form.submit')}
    </button>
  );
}
