import { useI18n } from '../i18n/dictionaries';
import { Field, type ControlProps } from './field';
import { DESCRIBES_OPTIONS } from './lead-rules';
import s from './contact-form.module.css';

/** "What describes you": the options of the rules file, translated. */
export function DescribesField(props: ControlProps<string>) {
  const { t } = useI18n();
  return (
    <Field
      id={props.id}
      field="describes"
      label={t('form.describes.label')}
      error={props.error}
      control={(aria) => (
        <select
          {...aria}
          id={props.id}
          className={s.select}
          name="describes"
          required
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
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
  );
}
