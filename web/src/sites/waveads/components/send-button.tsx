import type { ReactNode } from 'react';
import { SubmitButton } from '../../../shared/components/submit-button';
import s from './send-button.module.css';

/** A form's submit button in the site's colours, with a spinner while it sends; `className` shapes and places it. */
export function SendButton(props: {
  busy: boolean;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <SubmitButton
      busy={props.busy}
      className={`${s.button} ${props.className}`}
      spinnerClassName={s.spinner}
    >
      {props.children}
    </SubmitButton>
  );
}
