/** A date as the content writes it, with its ISO form for machines. */
export function DateText(props: { date: string; isoDate: string; className?: string | undefined }) {
  return (
    <time className={props.className} dateTime={props.isoDate}>
      {props.date}
    </time>
  );
}
