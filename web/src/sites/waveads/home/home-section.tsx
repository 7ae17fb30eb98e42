import type { ReactNode } from 'react';
import { SectionHeading, sectionTitleId, type HeadingProps } from './section-heading';
import x from './section.module.css';

/**
 * A home section named by its heading: the heading, then `children`, in the page's column;
 * `after` runs the full width below (the logo wall). `tone` sets it off from its neighbours.
 */
export function HomeSection(
  props: HeadingProps & {
    id?: string;
    tone?: 'alt' | 'flush';
    children: ReactNode;
    after?: ReactNode;
  },
) {
  const { id, tone, children, after, ...heading } = props;
  return (
    <section
      id={id}
      className={tone ? `${x.section} ${x[tone]}` : x.section}
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
