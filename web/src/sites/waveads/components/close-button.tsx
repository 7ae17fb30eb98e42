import type { ComponentProps } from 'react';
import { Icon } from './icons';
import s from './close-button.module.css';

/** The × button; its container names it (a label or hidden text) and sizes it and its cross. */
export function CloseButton(
  props: ComponentProps<'button'> & { iconClassName: string | undefined },
) {
  const { className, iconClassName, children, ...rest } = props;
  return (
    <button type="button" className={`${s.close} ${className}`} {...rest}>
      <Icon name="cross" className={iconClassName} />
      {children}
    </button>
  );
}
