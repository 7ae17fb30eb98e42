import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import s from './resume-dialog.module.css';

/** The failed upload's reason, in a tooltip of a focusable button that names it. */
export function ErrorTip(props: { id: string; text: string | undefined }) {
  const { t } = useI18n();
  return (
    <span className={s.tip}>
      <button type="button" className={s.tipButton} aria-describedby={props.id}>
        <Icon name="info" className={s.statusIcon} />
        <span className="visually-hidden">{t('resume.errorDetails')}</span>
      </button>
      <span id={props.id} role="tooltip" className={s.tooltip}>
        {props.text}
      </span>
    </span>
  );
}
