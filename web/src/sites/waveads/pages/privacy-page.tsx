import { PrivacyNotice } from '../../../shared/privacy/privacy-notice';
import { useI18n } from '../i18n/dictionaries';
import { NOTICES } from '../privacy/notices';
import s from './privacy-page.module.css';

/** /privacy (and /<lang>/privacy): the privacy notice in the page's language. */
export function PrivacyPage() {
  const { lang } = useI18n();
  return (
    <div className={s.page}>
      <PrivacyNotice text={NOTICES[lang]} classes={s} />
    </div>
  );
}
