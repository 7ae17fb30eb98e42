import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useI18n } from '../i18n/dictionaries';
import { CloseButton } from './close-button';
import { Icon } from './icons';
import s from './notices.module.css';

export type NoticeKind = 'success' | 'error' | 'warning';

export interface NoticeInput {
  readonly kind: NoticeKind;
  readonly title: string;
  readonly text?: string | undefined;
}

interface Notice extends NoticeInput {
  readonly id: number;
}

/** How long a notice stays (ms) unless closed: the notification default of the original site. */
export const NOTICE_DURATION = 4500;

const NotifyContext = createContext<(notice: NoticeInput) => void>(() => {});

/** `notify({kind, title, text})` shows a notice at the top of the page. */
export function useNotify(): (notice: NoticeInput) => void {
  return useContext(NotifyContext);
}

const ICONS = { success: 'check', error: 'cross', warning: 'alert' } as const;

function NoticeItem(props: { notice: Notice; onClose: (id: number) => void }) {
  const { t } = useI18n();
  const { notice, onClose } = props;
  useEffect(() => {
    const timer = window.setTimeout(() => onClose(notice.id), NOTICE_DURATION);
    return () => window.clearTimeout(timer);
  }, [notice.id, onClose]);
  return (
    <div
      className={`${s.notice} ${s[notice.kind]}`}
      role={notice.kind === 'success' ? 'status' : 'alert'}
    >
      <span className={s.badge}>
        <Icon name={ICONS[notice.kind]} className={s.icon} />
      </span>
      <div className={s.body}>
        <p className={s.title}>{notice.title}</p>
        {notice.text !== undefined && <p className={s.text}>{notice.text}</p>}
      </div>
      <CloseButton
        className={s.close}
        iconClassName={s.closeIcon}
        onClick={() => onClose(notice.id)}
      >
        <span className="visually-hidden">{t('notice.close')}</span>
      </CloseButton>
    </div>
  );
}

/**
 * The notices at the top of the page (docs/product.md, Messages: 'a success notice at the top'). The list
 * is in the prerendered page from the start, so screen readers follow it as a live region.
 */
export function NoticeProvider(props: { children: ReactNode }) {
  const [notices, setNotices] = useState<readonly Notice[]>([]);
  const next = useRef(1);
  const notify = useCallback((notice: NoticeInput) => {
    const id = next.current++;
    setNotices((list) => [...list.slice(-2), { ...notice, id }]);
  }, []);
  const close = useCallback((id: number) => {
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);
  return (
    <NotifyContext value={notify}>
      {props.children}
      <div className={s.region} aria-live="polite">
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onClose={close} />
        ))}
      </div>
    </NotifyContext>
  );
}
