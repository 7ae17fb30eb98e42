/** The WaveAds mark: two waves over a sun, in the brand colours. */
export function LogoMark(props: { className?: string | undefined }) {
  return (
    <svg className={props.className} viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="#101a52" />
      <circle cx="27" cy="13" r="5" fill="#ffc857" />
      <path
        d="M5 22c4-4.5 8-4.5 12 0s8 4.5 12 0 6-3.6 7-2.6"
        fill="none"
        stroke="#2ee6d6"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <path
        d="M6 29c3.6-3.6 7.2-3.6 10.8 0s7.2 3.6 10.8 0 5.4-2.9 6.4-2"
        fill="none"
        stroke="#7c5cff"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
