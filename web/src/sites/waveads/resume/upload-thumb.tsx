import s from './resume-dialog.module.css';

/** Up to four letters of the file's extension, for the thumbnail. */
function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1, dot + 5).toUpperCase() : '';
}

/** A drawn page with the file's extension: no preview of the file itself. */
export function UploadThumb(props: { fileName: string }) {
  return (
    <div className={s.thumb} aria-hidden="true">
      <span className={s.page}>
        <span className={s.ext}>{extension(props.fileName)}</span>
        <span className={s.lines} />
      </span>
    </div>
  );
}
