import type { I18n } from '../../../shared/i18n/i18n';
import { Icon } from '../components/icons';
import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';
import { ErrorTip } from './error-tip';
import type { UploadItem } from './upload-item';
import { UploadThumb } from './upload-thumb';
import { useFileSize } from './use-file-size';
import s from './resume-dialog.module.css';

function statusText(item: UploadItem, t: I18n<MessageKey>['t']): string {
  const { status } = item;
  if (status === undefined) return t('resume.status.ready');
  if (status === 'uploading') return t('resume.status.uploading', { percent: item.percent });
  return t(`resume.status.${status}`);
}

/**
 * The chosen file in the list: thumbnail, name, size, status (with a progress bar while it
 * uploads and the reason when it failed) and a remove button, except while it uploads or goes.
 * It keeps its place while hidden (the first ITEM_DELAY_MS), so nothing moves when it shows.
 */
export function UploadListItem(props: {
  item: UploadItem;
  tooltipId: string;
  onRemove: () => void;
}) {
  const { t, lang } = useI18n();
  const size = useFileSize(lang);
  const { item } = props;
  const { status } = item;
  const text = statusText(item, t);
  return (
    <li
      className={`${s.item} ${item.shown ? s.shown : ''}`}
      data-status={status ?? 'ready'}
      hidden={!item.shown}
    >
      <UploadThumb fileName={item.file.name} />
      <div className={s.meta}>
        <p className={s.name}>{item.file.name}</p>
        <p className={s.size}>{size(item.file.size)}</p>
        <p className={s.status}>
          {status === 'done' && <Icon name="check" className={s.statusIcon} />}
          {status === 'error' && <Icon name="alert" className={s.statusIcon} />}
          <span>{text}</span>
        </p>
        {status === 'uploading' && (
          <progress className={s.progress} max={100} value={item.percent} aria-label={text} />
        )}
        {status === 'error' && <ErrorTip id={props.tooltipId} text={item.error} />}
      </div>
      {status !== 'removed' && status !== 'uploading' && (
        <button
          type="button"
          className={s.remove}
          onClick={props.onRemove}
          aria-label={t('resume.remove', { name: item.file.name })}
        >
          <Icon name="trash" className={s.statusIcon} />
        </button>
      )}
    </li>
  );
}
