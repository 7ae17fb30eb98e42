import { useI18n } from '../i18n/dictionaries';
import { Field, type ControlProps } from './field';
import { DESCRIBES_OPTIONS } from './lead-rules';
import s from './contact-form.module.css';

/** "What describes you": the options of the rules file, translated. */
export function DescribesField(props: ControlProps<string>) {
  const { t } = useI18n();
  return (
    <Field
      {...props}
      field="describes"
      control={(bound) => (
        <select {...bound} className={s.select} required>
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
