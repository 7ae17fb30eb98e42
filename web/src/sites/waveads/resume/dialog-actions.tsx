import { CloseButton } from '../components/close-button';
import { SendButton } from '../components/send-button';
import { useI18n } from '../i18n/dictionaries';
import s from './resume-dialog.module.css';

/**
 * Cancel and Submit at the foot of the dialog, then the × button (drawn in the corner, last in
 * the tab order). Cancel and × both close the dialog.
 */
export function DialogActions(props: { sending: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { sending } = props;
  return (
    <>
      <div className={s.actions}>
        <button type="button" className={s.cancel} onClick={props.onClose}>
          {t('resume.cancel')}
        </button>
        <SendButton busy={sending} className={s.submit}>
          {t(sending ? 'resume.sending' : 'resume.submit')}
        </SendButton>
      </div>
      <CloseButton
        className={s.close}
        iconClassName={s.closeIcon}
        onClick={props.onClose}
        aria-label={t('resume.close')}
      />
    </>
  );
}
