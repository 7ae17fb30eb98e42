import { SendButton } from '../components/send-button';
import { useI18n } from '../i18n/dictionaries';
import { ConsentField } from './consent-field';
import { CountryField } from './country-field';
import { DescribesField } from './describes-field';
import { HoneypotField } from './honeypot-field';
import { HONEYPOT_FIELD } from './lead-rules';
import { RemarkField } from './remark-field';
import { TextField } from './text-field';
import { useContactForm } from './use-contact-form';
import s from './contact-form.module.css';

// Family name first where that is the custom.
const NAMES_FAMILY_FIRST = ['lastName', 'firstName'] as const;
const NAMES_GIVEN_FIRST = ['firstName', 'lastName'] as const;
const NAME_AUTOCOMPLETE = { firstName: 'given-name', lastName: 'family-name' } as const;

/**
 * The contact form (docs/product.md, Contact form). Fields, limits, options and messages come from the shared
 * rules file; the messages are shown translated. An invalid submit shows every message at once
 * and moves the focus to the first invalid field; after that, messages follow the input.
 */
export function ContactForm() {
  const { t, lang } = useI18n();
  const { formRef, honeypotRef, id, countries, retry, sending, controlProps, onSubmit } =
    useContactForm();
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
        <TextField
          field="businessEmail"
          {...controlProps('businessEmail')}
          type="email"
          autoComplete="email"
          wide
        />
        {names.map((f) => (
          <TextField
            key={f}
            field={f}
            {...controlProps(f)}
            type="text"
            autoComplete={NAME_AUTOCOMPLETE[f]}
          />
        ))}
        <CountryField {...controlProps('country')} countries={countries} retry={retry} />
        <DescribesField {...controlProps('describes')} />
        <TextField
          field="companyName"
          {...controlProps('companyName')}
          type="text"
          autoComplete="organization"
          wide
        />
        <RemarkField {...controlProps('remark')} />
        <ConsentField {...controlProps('agree')} />
        <HoneypotField id={id(HONEYPOT_FIELD)} ref={honeypotRef} />
      </div>
      <SendButton busy={sending} className={s.submit}>
        {t(sending ? 'form.sending' : 'form.submit')}
      </SendButton>
    </form>
  );
}
