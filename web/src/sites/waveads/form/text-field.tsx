import { useI18n } from '../i18n/dictionaries';
import { Field, type ControlProps } from './field';
import { LEAD_FIELDS, type LeadField } from './lead-rules';
import s from './contact-form.module.css';

/** The fields typed as text: every field but the consent checkbox. */
export type TextLeadField = Exclude<LeadField, 'agree'>;

/** A text input with the length limit and requirement of its field's rules. */
export function TextField(
  props: ControlProps<string> & {
    field: TextLeadField;
    type: string;
    autoComplete: string;
    wide?: boolean;
  },
) {
  const { t } = useI18n();
  const { id, field } = props;
  return (
    <Field
      id={id}
      field={field}
      label={t(`form.${field}.label`)}
      error={props.error}
      wide={props.wide}
      control={(aria) => (
        <input
          {...aria}
          id={id}
          className={s.input}
          name={field}
          type={props.type}
          autoComplete={props.autoComplete}
          maxLength={LEAD_FIELDS[field].maxLength}
          required={LEAD_FIELDS[field].required}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}
