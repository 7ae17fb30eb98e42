import s from './copyright-footer.module.css';

/** docs/product.md: every blog page ends with a copyright footer carrying the site name and the year 2026. */
export const COPYRIGHT_YEAR = 2026;

export function copyrightText(brand: string): string {
  return `Copyright © ${COPYRIGHT_YEAR} ${brand}. All Rights Reserved.`;
}

/** The copyright line, and a link to the site's privacy notice (`privacyHref`). */
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
        <a href={props.privacyHref}>Privacy notice</a>
      </p>
    </footer>
  );
}
