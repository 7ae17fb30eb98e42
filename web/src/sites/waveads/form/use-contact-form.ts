import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  readAttribution,
  sessionStore,
  type Attribution,
} from '../../../shared/attribution/attribution';
import type { Lang } from '../../../shared/i18n/lang';
import { submitLead } from '../api';
import { useNotify } from '../components/notices';
import { useI18n } from '../i18n/dictionaries';
import type { ControlProps } from './field';
import { CONSENT, HONEYPOT_FIELD, OFFICIAL_WEBSITE_NAME, type LeadField } from './lead-rules';
import { useCountries } from './use-countries';
import { useLeadFields } from './use-lead-fields';
import { serverErrors, type LeadErrors, type LeadValues } from './validate-lead';

/**
 * The body the intake API takes: the lead, what the page knows, the honeypot as found, and the
 * session's attribution when there is one (no key at all otherwise).
 */
function leadRequest(
  lead: LeadValues,
  lang: Lang,
  honeypot: string,
  attribution: Attribution | null,
) {
  return {
    ...lead,
    officialWebsiteName: OFFICIAL_WEBSITE_NAME,
    consentVersion: CONSENT.version,
    language: lang,
    [HONEYPOT_FIELD]: honeypot,
    ...(attribution === null ? {} : { attribution }),
  };
}

/**
 * The contact form's behaviour: its ids, the country list, each control's props, and the submit
 * that sends a valid lead or shows every message and focuses the first invalid control.
 */
export function useContactForm() {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { list: countries, retry } = useCountries(lang);
  const fields = useLeadFields(countries);
  const [sending, setSending] = useState(false);
  const id = (name: string) => `${uid}-${name}`;

  /** Shows `found` and focuses the first invalid control in page order. */
  const showErrors = (found: LeadErrors) => {
    flushSync(() => fields.setErrors(found));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const { lead, found } = fields.check();
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSending(true);
    const honeypot = honeypotRef.current?.value ?? '';
    const result = await submitLead(
      leadRequest(lead, lang, honeypot, readAttribution(sessionStore())),
    );
    setSending(false);
    if (result.ok) {
      notify({
        kind: 'success',
        title: t('notice.submitSuccess.title'),
        text: t('notice.submitSuccess.text'),
      });
      fields.reset();
      return;
    }
    notify({
      kind: 'error',
      title: t('notice.submitError.title'),
      text: t('notice.submitError.text'),
    });
    const fromServer = serverErrors(result.errors);
    if (Object.keys(fromServer).length > 0) showErrors(fromServer);
  };

  /** What a control needs: its id, its value, its message in the page's language, a setter. */
  const controlProps = <F extends LeadField>(field: F): ControlProps<LeadValues[F]> => {
    const key = fields.errors[field];
    return {
      id: id(field),
      value: fields.values[field],
      error: key === undefined ? undefined : t(key),
      onChange: (value) => fields.update(field, value),
    };
  };

  return { formRef, honeypotRef, id, countries, retry, sending, controlProps, onSubmit };
}
