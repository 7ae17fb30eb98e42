import { useI18n } from '../i18n/dictionaries';
import { Field, type ControlProps } from './field';
import type { CountryList } from './use-countries';
import s from './contact-form.module.css';

/** The country select: its placeholder says while the list loads or failed, and a retry offers itself. */
export function CountryField(
  props: ControlProps<string> & { countries: CountryList; retry: () => void },
) {
  const { t } = useI18n();
  const { countries } = props;
  return (
    <Field
      id={props.id}
      field="country"
      label={t('form.country.label')}
      error={props.error}
      action={
        countries.status === 'failed' && (
          <button type="button" className={s.link} onClick={props.retry}>
            {t('form.country.retry')}
          </button>
        )
      }
      control={(aria) => (
        <select
          {...aria}
          id={props.id}
          className={s.select}
          name="country"
          autoComplete="country"
          required
          value={props.value}
          aria-busy={countries.status === 'loading'}
          onChange={(e) => props.onChange(e.target.value)}
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
  );
}
