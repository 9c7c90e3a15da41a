/**
 * Inline SVG icons for the public pages (no icon font, no image requests). All are decorative:
 * aria-hidden, with the meaning carried by text next to them.
 */
import type { ReactNode } from 'react';

function Svg({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const LogoMark = () => (
  <svg aria-hidden="true" focusable="false" width={28} height={28} viewBox="0 0 28 28">
    <rect width="28" height="28" rx="8" fill="currentColor" />
    <path d="M7 14h4l2-5 3 10 2-5h3" fill="none" stroke="#fff" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const TickIcon = () => (
  <Svg size={20}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

export const CrossIcon = () => (
  <Svg size={20}>
    <path d="M7 7l10 10M17 7L7 17" />
  </Svg>
);

export const ArrowLeftIcon = () => (
  <Svg size={18}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Svg>
);

/** One icon per landing-page feature. */
export const FEATURE_ICONS = {
  apps: (
    <Svg>
      <rect x="7" y="2.5" width="10" height="19" rx="2" />
      <path d="M11 18.5h2" />
    </Svg>
  ),
  notes: (
    <Svg>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M15 3v4h4M9 12h7M9 16h5" />
    </Svg>
  ),
  insights: (
    <Svg>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </Svg>
  ),
  outcomes: (
    <Svg>
      <path d="M4 17l5-5 4 4 7-8" />
      <path d="M15 8h5v5" />
    </Svg>
  ),
  scheduling: (
    <Svg>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Svg>
  ),
  teletherapy: (
    <Svg>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="M16 10l6-3v10l-6-3" />
    </Svg>
  ),
  directory: (
    <Svg>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-5-5" />
    </Svg>
  ),
} as const;

export type FeatureIcon = keyof typeof FEATURE_ICONS;
