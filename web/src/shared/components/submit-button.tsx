import type { ReactNode } from 'react';

/**
 * A form's submit button that says when it is busy. It stays focusable and clickable while busy
 * (aria-disabled, not disabled, so the focus is not lost): the form ignores a second submit.
 */
export function SubmitButton(props: {
  busy: boolean;
  className?: string | undefined;
  spinnerClassName?: string | undefined;
  children: ReactNode;
}) {
  const { busy } = props;
  return (
    <button
      type="submit"
      className={props.className}
      aria-disabled={busy || undefined}
      data-loading={busy || undefined}
    >
      {busy && <span className={props.spinnerClassName} aria-hidden="true" />}
      {props.children}
    </button>
  );
}
