import { useI18n } from '../i18n/dictionaries';
import { Field, type ControlProps } from './field';
import type { CountryList } from './use-countries';
import s from './contact-form.module.css';

/** The country select: its placeholder says while the list loads or failed, and a retry offers itself. */
export function CountryField(
  props: ControlProps<string> & { countries: CountryList; retry: () => void },
) {
  const { t } = useI18n();
  const { countries, retry, ...controlProps } = props;
  return (
    <Field
      {...controlProps}
      field="country"
      action={
        countries.status === 'failed' && (
          <button type="button" className={s.link} onClick={retry}>
            {t('form.country.retry')}
          </button>
        )
      }
      control={(bound) => (
        <select
          {...bound}
          className={s.select}
          autoComplete="country"
          required
          aria-busy={countries.status === 'loading'}
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
