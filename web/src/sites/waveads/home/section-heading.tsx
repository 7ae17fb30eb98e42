import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';
import x from './section.module.css';

/** The home page's sections, by the name of their texts (home.<name>.eyebrow, .title, .text). */
export type SectionName = 'about' | 'services' | 'team' | 'trusted' | 'partners';

/** The sections whose title a lead paragraph follows: those with a home.<name>.text. */
type WithLead = {
  [N in SectionName]: `home.${N}.text` extends MessageKey ? N : never;
}[SectionName];

/** Which section, and whether its lead shows (a section without one must say so). */
export type HeadingProps = { name: WithLead; lead?: true } | { name: SectionName; lead: false };

/** The id of a section's title, which names the section. */
export const sectionTitleId = (name: SectionName) => `waveads-${name}`;

/** A home section's eyebrow, title and lead. */
export function SectionHeading(props: HeadingProps) {
  const { t } = useI18n();
  return (
    <>
      <p className={x.eyebrow}>{t(`home.${props.name}.eyebrow`)}</p>
      <h2 id={sectionTitleId(props.name)} className={x.title}>
        {t(`home.${props.name}.title`)}
      </h2>
      {props.lead !== false && <p className={x.lead}>{t(`home.${props.name}.text`)}</p>}
    </>
  );
}
