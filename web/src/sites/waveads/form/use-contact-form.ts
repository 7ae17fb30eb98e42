import { useMemo, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Lang } from '../../../shared/i18n/lang';
import { submitLead } from '../api';
import { useNotify } from '../components/notices';
import { useI18n } from '../i18n/dictionaries';
import { CONSENT, HONEYPOT_FIELD, OFFICIAL_WEBSITE_NAME, type LeadField } from './lead-rules';
import { useCountries } from './use-countries';
import {
  EMPTY_LEAD,
  normalizeLead,
  serverErrors,
  validateLead,
  type LeadErrors,
  type LeadValues,
} from './validate-lead';

/** The body the intake API takes: the lead, what the page knows, and the honeypot as found. */
function leadRequest(lead: LeadValues, lang: Lang, honeypot: string) {
  return {
    ...lead,
    officialWebsiteName: OFFICIAL_WEBSITE_NAME,
    consentVersion: CONSENT.version,
    language: lang,
    [HONEYPOT_FIELD]: honeypot,
  };
}

/**
 * The contact form's state: values, messages (shown from the first submit on, then following
 * the input), the country list, and the submit that sends a valid lead or focuses the first
 * invalid control.
 */
export function useContactForm() {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { list: countries, retry } = useCountries(lang);
  const [values, setValues] = useState<LeadValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);

  const codes = useMemo(
    () =>
      countries.status === 'ready' ? new Set(countries.options.map((c) => c.code)) : undefined,
    [countries],
  );

  const update = <F extends LeadField>(field: F, value: LeadValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setErrors(validateLead(normalizeLead(next), codes));
  };

  /** Shows `found` and focuses the first invalid control in page order. */
  const showErrors = (found: LeadErrors) => {
    flushSync(() => setErrors(found));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    const lead = normalizeLead(values);
    const found = validateLead(lead, codes);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSending(true);
    const result = await submitLead(leadRequest(lead, lang, honeypotRef.current?.value ?? ''));
    setSending(false);
    if (result.ok) {
      notify({
        kind: 'success',
        title: t('notice.submitSuccess.title'),
        text: t('notice.submitSuccess.text'),
      });
      setValues(EMPTY_LEAD);
      setErrors({});
      setChecked(false);
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

  /** A field's message, translated. */
  const message = (field: LeadField) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };

  return {
    formRef,
    honeypotRef,
    countries,
    retry,
    values,
    errors,
    sending,
    update,
    message,
    onSubmit,
  };
}
