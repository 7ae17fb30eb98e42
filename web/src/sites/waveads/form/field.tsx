import type { ReactNode } from 'react';
import { LEAD_FIELDS, type LeadField } from './lead-rules';
import s from './contact-form.module.css';

/** The attributes that tie a control to its message. */
export interface FieldAria {
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** What the form gives each control: its id, its value, its message (translated), a setter. */
export interface ControlProps<V> {
  readonly id: string;
  readonly value: V;
  readonly error: string | undefined;
  readonly onChange: (value: V) => void;
}

/** A labelled control with its message below; `control` gets the ids it must carry. */
export function Field(props: {
  id: string;
  field: LeadField;
  label: string;
  error: string | undefined;
  wide?: boolean;
  /** Beside the label (a retry button). */
  action?: ReactNode;
  /** Under the control, beside the message (a counter). */
  aside?: ReactNode;
  control: (aria: FieldAria) => ReactNode;
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
