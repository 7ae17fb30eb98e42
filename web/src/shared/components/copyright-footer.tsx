/** docs/product.md: every blog page ends with a copyright footer carrying the site name and the year 2026. */
export const COPYRIGHT_YEAR = 2026;

export function copyrightText(brand: string): string {
  return `Copyright © ${COPYRIGHT_YEAR} ${brand}. All Rights Reserved.`;
}

export function CopyrightFooter(props: {
  brand: string;
  className?: string | undefined;
  textClassName?: string | undefined;
}) {
  return (
    <footer className={props.className}>
      <p className={props.textClassName}>{copyrightText(props.brand)}</p>
    </footer>
  );
}
