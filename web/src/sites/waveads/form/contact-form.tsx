import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { submitLead } from '../api';
import { useNotify } from '../components/notices';
import { useI18n } from '../i18n/dictionaries';
import {
  CONSENT,
  DESCRIBES_OPTIONS,
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  OFFICIAL_WEBSITE_NAME,
  REMARK_MAX,
  type LeadField,
} from './lead-rules';
import { useCountries } from './use-countries';
import {
  EMPTY_LEAD,
  normalizeLead,
  serverErrors,
  validateLead,
  type LeadErrors,
  type LeadValues,
} from './validate-lead';
import s from './contact-form.module.css';

type TextField = Exclude<LeadField, 'agree'>;

/** A labelled control with its message below; `control` gets the ids it must carry. */
function Field(props: {
  id: string;
  field: LeadField;
  label: string;
  error: string | undefined;
  wide?: boolean;
  /** Beside the label (a retry button). */
  action?: ReactNode;
  /** Under the control, beside the message (a counter). */
  aside?: ReactNode;
  control: (aria: { 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const errorId = `${props.id}-error`;
  const required = LEAD_FIELDS[props.field].required;
  return (
    <div className={props.wide ? `${s.field} ${s.wide}` : s.field}>
      <div className={s.labelRow}>
        <label className={s.label} htmlFor={props.id}>
          {props.label}
          {required && (
            <span className={s.star} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
        {props.action}
      </div>
      {props.control({
        'aria-invalid': props.error !== undefined,
        'aria-describedby': props.error !== undefined ? errorId : undefined,
      })}
      <div className={s.below}>
        {props.error !== undefined && (
          <p id={errorId} className={s.error}>
            {props.error}
          </p>
        )}
        {props.aside}
      </div>
    </div>
  );
}

/**
 * The contact form (SPEC section 5). Fields, limits, options and messages come from the shared
 * rules file; the messages are shown translated. An invalid submit shows every message at once
 * and moves the focus to the first invalid field; after that, messages follow the input.
 */
export function ContactForm() {
  const { t, lang } = useI18n();
  const notify = useNotify();
  const uid = useId();
  const id = (field: string) => `${uid}-${field}`;
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
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
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
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
    const result = await submitLead({
      ...lead,
      officialWebsiteName: OFFICIAL_WEBSITE_NAME,
      consentVersion: CONSENT.version,
      language: lang,
      [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
    });
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

  const message = (field: LeadField) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };

  const text = (field: TextField, type: string, autoComplete: string, wide = false) => (
    <Field
      key={field}
      id={id(field)}
      field={field}
      label={t(`form.${field}.label`)}
      error={message(field)}
      wide={wide}
      control={(aria) => (
        <input
          {...aria}
          id={id(field)}
          className={s.input}
          name={field}
          type={type}
          autoComplete={autoComplete}
          maxLength={LEAD_FIELDS[field].maxLength}
          required={LEAD_FIELDS[field].required}
          value={values[field]}
          onChange={(e) => update(field, e.target.value)}
        />
      )}
    />
  );

  // Family name first where that is the custom.
  const nameFirst =
    lang === 'ja' || lang === 'ko' ? ['lastName', 'firstName'] : ['firstName', 'lastName'];
  const autoCompleteOf = { firstName: 'given-name', lastName: 'family-name' } as const;

  return (
    <form
      ref={form}
      className={s.form}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={id('title')}
    >
      <h2 id={id('title')} className={s.title}>
        {t('contact.form.title')}
      </h2>
      <p className={s.required}>{t('contact.form.required')}</p>
      <div className={s.grid}>
        {text('businessEmail', 'email', 'email', true)}
        {nameFirst.map((f) => text(f as 'firstName', 'text', autoCompleteOf[f as 'firstName']))}

        <Field
          id={id('country')}
          field="country"
          label={t('form.country.label')}
          error={message('country')}
          action={
            countries.status === 'failed' && (
              <button type="button" className={s.link} onClick={retry}>
                {t('form.country.retry')}
              </button>
            )
          }
          control={(aria) => (
            <select
              {...aria}
              id={id('country')}
              className={s.select}
              name="country"
              autoComplete="country"
              required
              value={values.country}
              aria-busy={countries.status === 'loading'}
              onChange={(e) => update('country', e.target.value)}
            >
              <option value="">
                {t(
                  countries.status === 'loading'
                    ? 'form.country.loading'
                    : countries.status === 'failed'
                      ? 'form.country.failed'
                      : 'form.country.placeholder',
                )}
              </option>
              {countries.status === 'ready' &&
                countries.options.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
            </select>
          )}
        />

        <Field
          id={id('describes')}
          field="describes"
          label={t('form.describes.label')}
          error={message('describes')}
          control={(aria) => (
            <select
              {...aria}
              id={id('describes')}
              className={s.select}
              name="describes"
              required
              value={values.describes}
              onChange={(e) => update('describes', e.target.value)}
            >
              <option value="">{t('form.describes.placeholder')}</option>
              {DESCRIBES_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {t(`form.describes.option.${option}`)}
                </option>
              ))}
            </select>
          )}
        />

        {text('companyName', 'text', 'organization', true)}

        <Field
          id={id('remark')}
          field="remark"
          label={t('form.remark.label')}
          error={message('remark')}
          wide
          aside={
            <p id={id('remark-count')} className={s.counter}>
              {t('form.remark.counter', { count: values.remark.length, max: REMARK_MAX })}
            </p>
          }
          control={(aria) => (
            <textarea
              {...aria}
              aria-describedby={[aria['aria-describedby'], id('remark-count')]
                .filter(Boolean)
                .join(' ')}
              id={id('remark')}
              className={s.textarea}
              name="remark"
              rows={5}
              maxLength={REMARK_MAX}
              value={values.remark}
              onChange={(e) => update('remark', e.target.value)}
            />
          )}
        />

        <div className={`${s.field} ${s.wide}`}>
          <div className={s.consent}>
            <input
              id={id('agree')}
              className={s.checkbox}
              type="checkbox"
              name="agree"
              required
              checked={values.agree}
              aria-invalid={errors.agree !== undefined}
              aria-describedby={errors.agree !== undefined ? `${id('agree')}-error` : undefined}
              onChange={(e) => update('agree', e.target.checked)}
            />
            <label htmlFor={id('agree')} className={s.consentText} data-version={CONSENT.version}>
              {t('form.agree.label')}
              <span className={s.star} aria-hidden="true">
                {' *'}
              </span>
            </label>
          </div>
          {errors.agree !== undefined && (
            <p id={`${id('agree')}-error`} className={`${s.error} ${s.consentError}`}>
              {t(errors.agree)}
            </p>
          )}
        </div>

        <div className={s.honeypot} aria-hidden="true">
          <label htmlFor={id(HONEYPOT_FIELD)}>{t('form.honeypot.label')}</label>
          <input
            ref={honeypot}
            id={id(HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
      </div>

      <button
        type="submit"
        className={s.submit}
        aria-disabled={sending || undefined}
        data-loading={sending || undefined}
      >
        {sending && <span className={s.spinner} aria-hidden="true" />}
        {t(sending ? 'form.sending' : 'form.submit')}
      </button>
    </form>
  );
}
