import { Field, type ControlProps, type TextLeadField } from './field';
import { LEAD_FIELDS } from './lead-rules';
import s from './contact-form.module.css';

/** A text input with the length limit and requirement of its field's rules. */
export function TextField(
  props: ControlProps<string> & {
    field: TextLeadField;
    type: string;
    autoComplete: string;
    wide?: boolean;
  },
) {
  const { type, autoComplete, ...controlProps } = props;
  const rule = LEAD_FIELDS[props.field];
  return (
    <Field
      {...controlProps}
      control={(bound) => (
        <input
          {...bound}
          className={s.input}
          type={type}
          autoComplete={autoComplete}
          maxLength={rule.maxLength}
          required={rule.required}
        />
      )}
    />
  );
}
