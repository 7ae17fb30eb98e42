import { useId } from 'react';
import { useI18n } from '../i18n/dictionaries';
import { ConsentField } from './consent-field';
import { CountryField } from './country-field';
import { DescribesField } from './describes-field';
import { HoneypotField } from './honeypot-field';
import { HONEYPOT_FIELD } from './lead-rules';
import { RemarkField } from './remark-field';
import { TextField, type TextLeadField } from './text-field';
import { useContactForm } from './use-contact-form';
import s from './contact-form.module.css';

// Family name first where that is the custom.
const NAMES_FAMILY_FIRST = ['lastName', 'firstName'] as const;
const NAMES_GIVEN_FIRST = ['firstName', 'lastName'] as const;
const NAME_AUTOCOMPLETE = { firstName: 'given-name', lastName: 'family-name' } as const;

/**
 * The contact form (SPEC section 5). Fields, limits, options and messages come from the shared
 * rules file; the messages are shown translated. An invalid submit shows every message at once
 * and moves the focus to the first invalid field; after that, messages follow the input.
 */
export function ContactForm() {
  const { t, lang } = useI18n();
  const uid = useId();
  const id = (field: string) => `${uid}-${field}`;
  const {
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
  } = useContactForm();

  const text = (field: TextLeadField, type: string, autoComplete: string, wide = false) => (
    <TextField
      key={field}
      id={id(field)}
      field={field}
      type={type}
      autoComplete={autoComplete}
      wide={wide}
      value={values[field]}
      error={message(field)}
      onChange={(value) => update(field, value)}
    />
  );
  const names = lang === 'ja' || lang === 'ko' ? NAMES_FAMILY_FIRST : NAMES_GIVEN_FIRST;

  return (
    <form
      ref={formRef}
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
        {names.map((f) => text(f, 'text', NAME_AUTOCOMPLETE[f]))}
        <CountryField
          id={id('country')}
          countries={countries}
          retry={retry}
          value={values.country}
          error={message('country')}
          onChange={(value) => update('country', value)}
        />
        <DescribesField
          id={id('describes')}
          value={values.describes}
          error={message('describes')}
          onChange={(value) => update('describes', value)}
        />
        {text('companyName', 'text', 'organization', true)}
        <RemarkField
          id={id('remark')}
          value={values.remark}
          error={message('remark')}
          onChange={(value) => update('remark', value)}
        />
        <ConsentField
          id={id('agree')}
          checked={values.agree}
          error={errors.agree}
          onChange={(checked) => update('agree', checked)}
        />
        <HoneypotField id={id(HONEYPOT_FIELD)} ref={honeypotRef} />
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
