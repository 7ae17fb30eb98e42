import type { ChangeEvent, ReactNode } from 'react';
import { useI18n } from '../i18n/dictionaries';
import { LEAD_FIELDS, type LeadField } from './lead-rules';
import s from './contact-form.module.css';

/** The fields typed as text: every field but the consent checkbox. */
export type TextLeadField = Exclude<LeadField, 'agree'>;

/** What the form gives each control: its id, its value, its message (translated), a setter. */
export interface ControlProps<V> {
  readonly id: string;
  readonly value: V;
  readonly error: string | undefined;
  readonly onChange: (value: V) => void;
}

/** The attributes that tie a control to its message. */
export interface FieldAria {
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** The id of the message under the control `id`. */
export const messageId = (id: string) => `${id}-error`;

/** Points the control at its message while there is one. */
export function messageAria(id: string, error: string | undefined): FieldAria {
  return {
    'aria-invalid': error !== undefined,
    'aria-describedby': error !== undefined ? messageId(id) : undefined,
  };
}

/** What ties a text control to the form; the control adds its own kind and limits. */
export interface BoundControl extends FieldAria {
  readonly id: string;
  readonly name: TextLeadField;
  readonly value: string;
  readonly onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) => void;
}

/** A labelled text control with its message below; `control` draws it from what binds it. */
export function Field(
  props: ControlProps<string> & {
    field: TextLeadField;
    wide?: boolean | undefined;
    /** Beside the label (a retry button). */
    action?: ReactNode;
    /** Under the control, beside the message (a counter). */
    aside?: ReactNode;
    control: (bound: BoundControl) => ReactNode;
  },
) {
  const { t } = useI18n();
  const { id, field, error } = props;
  return (
    <div className={props.wide ? `${s.field} ${s.wide}` : s.field}>
      <div className={s.labelRow}>
        <label className={s.label} htmlFor={id}>
          {t(`form.${field}.label`)}
          {LEAD_FIELDS[field].required && (
            <span className={s.star} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
        {props.action}
      </div>
      {props.control({
        ...messageAria(id, error),
        id,
        name: field,
        value: props.value,
        onChange: (e) => props.onChange(e.target.value),
      })}
      <div className={s.below}>
        {error !== undefined && (
          <p id={messageId(id)} className={s.error}>
            {error}
          </p>
        )}
        {props.aside}
      </div>
    </div>
  );
}
