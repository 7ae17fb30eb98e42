import { useI18n } from '../i18n/dictionaries';
import { Field, type ControlProps } from './field';
import { REMARK_MAX } from './lead-rules';
import s from './contact-form.module.css';

/** The remark, with a counter of its characters that the textarea names as its description too. */
export function RemarkField(props: ControlProps<string>) {
  const { t } = useI18n();
  const countId = `${props.id}-count`;
  return (
    <Field
      {...props}
      field="remark"
      wide
      aside={
        <p id={countId} className={s.counter}>
          {t('form.remark.counter', { count: props.value.length, max: REMARK_MAX })}
        </p>
      }
      control={(bound) => (
        <textarea
          {...bound}
          aria-describedby={[bound['aria-describedby'], countId].filter(Boolean).join(' ')}
          className={s.textarea}
          rows={5}
          maxLength={REMARK_MAX}
        />
      )}
    />
  );
}
