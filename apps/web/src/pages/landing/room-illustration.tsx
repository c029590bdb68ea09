/** A drawn living room, empty or staged; stands in for the before/after photos the full landing will show. */
export function RoomIllustration({ staged }: { staged: boolean }) {
  return (
    <svg viewBox="0 0 320 220" role="img" aria-label={staged ? 'Staged room' : 'Empty room'} className="h-auto w-full">
      <rect width="320" height="220" fill="#f5efe6" />
      <rect y="150" width="320" height="70" fill="#d6c3a5" />
      <path d="M0 150h320" stroke="#c2ab88" strokeWidth="2" />
      <rect x="190" y="40" width="90" height="80" rx="3" fill="#cfe3ee" stroke="#fff" strokeWidth="6" />
      <path d="M235 40v80M190 80h90" stroke="#fff" strokeWidth="4" />
      {staged ? (
        <g>
          <ellipse cx="130" cy="190" rx="110" ry="18" fill="#b45309" opacity="0.18" />
          <rect x="45" y="60" width="60" height="42" rx="2" fill="#fff" stroke="#a8a29e" strokeWidth="2" />
          <path d="M52 95l16-18 12 12 8-8 12 14z" fill="#d97706" opacity="0.7" />
          <rect x="40" y="128" width="150" height="38" rx="10" fill="#57534e" />
          <rect x="48" y="112" width="134" height="30" rx="10" fill="#78716c" />
          <rect x="56" y="120" width="36" height="18" rx="6" fill="#fbbf24" />
          <rect x="138" y="120" width="36" height="18" rx="6" fill="#f59e0b" />
          <rect x="46" y="166" width="8" height="10" fill="#44403c" />
          <rect x="176" y="166" width="8" height="10" fill="#44403c" />
          <rect x="222" y="158" width="60" height="8" rx="3" fill="#92400e" />
          <rect x="230" y="166" width="5" height="18" fill="#78350f" />
          <rect x="270" y="166" width="5" height="18" fill="#78350f" />
          <path d="M296 180v-70" stroke="#44403c" strokeWidth="3" />
          <path d="M284 110h24l-6-22h-12z" fill="#fde68a" />
          <rect x="12" y="150" width="20" height="30" rx="3" fill="#a16207" />
          <circle cx="16" cy="140" r="10" fill="#4d7c0f" />
          <circle cx="28" cy="134" r="11" fill="#65a30d" />
          <circle cx="22" cy="124" r="9" fill="#4d7c0f" />
        </g>
      ) : null}
    </svg>
  );
}
