import { Icon } from '../components/icons';
import s from './resume-dialog.module.css';

/** What the dialog says above the picker: no file chosen (warning), or the upload failed. */
export interface DialogMessage {
  readonly kind: 'warning' | 'error';
  readonly text: string;
  /** The server's reason, after the text. */
  readonly reason?: string | undefined;
}

/** The alert region, present even when empty so that a message is announced when it comes. */
export function MessageArea(props: { message: DialogMessage | null }) {
  const { message } = props;
  return (
    <div className={s.messages} role="alert">
      {message !== null && (
        <p className={`${s.message} ${s[message.kind]}`}>
          <Icon name={message.kind === 'error' ? 'cross' : 'alert'} className={s.messageIcon} />
          <span>
            <strong>{message.text}</strong>
            {message.reason !== undefined && <span className={s.reason}> {message.reason}</span>}
          </span>
        </p>
      )}
    </div>
  );
}
