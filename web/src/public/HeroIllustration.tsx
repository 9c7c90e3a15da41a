/** Decorative hero picture: a portal card with a client's weekly trend. Inline SVG, no request. */
export function HeroIllustration() {
  return (
    <svg className="pub-hero-art" aria-hidden="true" focusable="false" viewBox="0 0 420 320" width="420" height="320">
      <rect x="10" y="14" width="400" height="292" rx="18" fill="#fff" stroke="#c9d6e6" />
      <rect x="10" y="14" width="400" height="46" rx="18" fill="#0b5cad" />
      <rect x="10" y="42" width="400" height="18" fill="#0b5cad" />
      <circle cx="40" cy="37" r="9" fill="#fff" opacity="0.9" />
      <rect x="58" y="31" width="120" height="12" rx="6" fill="#fff" opacity="0.85" />
      <rect x="34" y="82" width="150" height="12" rx="6" fill="#16191f" opacity="0.75" />
      <rect x="34" y="102" width="96" height="9" rx="4.5" fill="#4b5563" opacity="0.5" />
      <path d="M40 240 L90 214 L140 224 L190 182 L240 192 L290 150 L340 160 L380 124" fill="none" stroke="#0b5cad" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M40 240 L90 214 L140 224 L190 182 L240 192 L290 150 L340 160 L380 124 L380 270 L40 270 Z" fill="#0b5cad" opacity="0.1" />
      <path d="M34 270 H390" stroke="#c9d6e6" strokeWidth="2" />
      {[40, 90, 140, 190, 240, 290, 340, 380].map((x, i) => (
        <circle key={x} cx={x} cy={[240, 214, 224, 182, 192, 150, 160, 124][i]} r="5" fill="#fff" stroke="#0b5cad" strokeWidth="3" />
      ))}
      <rect x="260" y="78" width="126" height="40" rx="10" fill="#e7f4ec" />
      <path d="M276 99 l6 6 l12 -13" fill="none" stroke="#1d7a43" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="304" y="93" width="66" height="10" rx="5" fill="#1d7a43" opacity="0.7" />
    </svg>
  );
}
