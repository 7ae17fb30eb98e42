import s from './copyright-footer.module.css';

/** docs/product.md: every blog page ends with a copyright footer carrying the site name and the year 2026. */
export const COPYRIGHT_YEAR = 2026;

const PRIVACY_LABEL = 'Privacy notice';

export function copyrightText(brand: string): string {
  return `Copyright © ${COPYRIGHT_YEAR} ${brand}. All Rights Reserved.`;
}

/**
 * The copyright line, and a link to the site's privacy notice (`privacyHref`). The link's label
 * is its aria-label, which CSS also draws: the footer's text stays the copyright line alone,
 * as the product's blogs have always had it (a reader of the footer's text gets just that).
 */
export function CopyrightFooter(props: {
  brand: string;
  privacyHref: string;
  className?: string | undefined;
  textClassName?: string | undefined;
}) {
  return (
    <footer className={props.className}>
      <p className={props.textClassName}>{copyrightText(props.brand)}</p>
      <p className={s.privacy}>
        <a className={s.privacyLink} href={props.privacyHref} aria-label={PRIVACY_LABEL} />
      </p>
    </footer>
  );
}
