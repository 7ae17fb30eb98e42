import type { ReactNode } from 'react';
import { SectionHeading, sectionTitleId, type HeadingProps } from './section-heading';
import x from './section.module.css';

/**
 * A home section named by its heading: the heading, then `children`, in the page's column;
 * `after` runs the full width below (the logo wall). `variant`: on the darker band (alt), or
 * with no room below, where a full-width band ends it (flush).
 */
export function HomeSection(
  props: HeadingProps & {
    id?: string;
    variant?: 'alt' | 'flush';
    children: ReactNode;
    after?: ReactNode;
  },
) {
  const { id, variant, children, after, ...heading } = props;
  return (
    <section
      id={id}
      className={variant ? `${x.section} ${x[variant]}` : x.section}
      aria-labelledby={sectionTitleId(heading.name)}
    >
      <div className={x.inner}>
        <SectionHeading {...heading} />
        {children}
      </div>
      {after}
    </section>
  );
}
