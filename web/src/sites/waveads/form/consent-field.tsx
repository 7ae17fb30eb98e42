import { usePagePath } from '../components/page-links';
import { useI18n } from '../i18n/dictionaries';
import { messageAria, messageId, type ControlProps } from './field';
import { CONSENT } from './lead-rules';
import s from './contact-form.module.css';

/** The consent checkbox; its label carries the consent text's version. */
export function ConsentField(props: ControlProps<boolean>) {
  const { t } = useI18n();
  const pathOf = usePagePath();
  const { id, error } = props;
  return (
    <div className={`${s.field} ${s.wide}`}>
      <div className={s.consent}>
        <input
          id={id}
          className={s.checkbox}
          type="checkbox"
          name="agree"
          required
          checked={props.value}
          {...messageAria(id, error)}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <label htmlFor={id} className={s.consentText} data-version={CONSENT.version}>
          {t('form.agree.label')}
          <span className={s.star} aria-hidden="true">
            {' *'}
          </span>
        </label>
      </div>
      {error !== undefined && (
        <p id={messageId(id)} className={`${s.error} ${s.consentError}`}>
          {error}
        </p>
      )}
      <p className={s.privacyNote}>
        <a href={pathOf('privacy')}>{t('form.privacy')}</a>
      </p>
    </div>
  );
}
