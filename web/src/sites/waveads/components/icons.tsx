/** Small line icons (24 × 24, `currentColor`), decorative: the text beside them says it all. */
const PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M6.5 6.5l11 11M17.5 6.5l-11 11',
  alert: 'M12 7.5v6M12 16.8v.2M12 3.2 2.8 19.6h18.4Z',
  info: 'M12 11v6M12 7.6v.2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  left: 'M14.5 5.5 8 12l6.5 6.5',
  right: 'M9.5 5.5 16 12l-6.5 6.5',
  pause: 'M9 6v12M15 6v12',
  play: 'M8 5.5v13l10.5-6.5Z',
  file: 'M6 2.8h8.2L19 7.6v13.6H6ZM14 2.8V8h5',
  trash: 'M4.5 6.5h15M9.5 6.5V4h5v2.5M6.5 6.5l1 14h9l1-14M10 10v7M14 10v7',
  upload: 'M12 16V4.5M7 9.5l5-5 5 5M4.5 15v4.5h15V15',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon(props: { name: IconName; className?: string | undefined }) {
  return (
    <svg className={props.className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[props.name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
