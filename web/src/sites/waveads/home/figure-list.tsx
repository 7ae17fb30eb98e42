import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';

/** A labelled figure: its value translated, or written the same way in every language. */
export interface Figure {
  readonly label: MessageKey;
  readonly value: MessageKey | { readonly literal: string };
}

/** Figures as a description list, each label and value in a box of its own. */
export function FigureList(props: {
  figures: readonly Figure[];
  className: string | undefined;
  itemClassName: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <dl className={props.className}>
      {props.figures.map((figure) => (
        <div key={figure.label} className={props.itemClassName}>
          <dt>{t(figure.label)}</dt>
          <dd>{typeof figure.value === 'string' ? t(figure.value) : figure.value.literal}</dd>
        </div>
      ))}
    </dl>
  );
}
