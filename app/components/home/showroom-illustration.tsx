/** A side-view car for the illustration, 120 × 44 units, wheels included. */
function CarShape({ x, y, className }: { x: number; y: number; className: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path
        d="M2 30 L12 17 Q18 9 32 7 L62 5 Q76 5 88 15 L102 19 Q118 21 120 29 L120 37 L2 37 Z"
        className={className}
      />
      <path d="M34 11 L60 9 Q70 9 78 16 L34 17 Z" className="fill-brand-100/80" />
      <circle cx="28" cy="37" r="8" className="fill-slate-900" />
      <circle cx="28" cy="37" r="3.5" className="fill-slate-300" />
      <circle cx="94" cy="37" r="8" className="fill-slate-900" />
      <circle cx="94" cy="37" r="3.5" className="fill-slate-300" />
    </g>
  );
}

/** The showroom of the 'Sobre' section, drawn in SVG (no photo to load, crisp at any width). */
export function ShowroomIllustration({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 600 400"
      role="img"
      aria-label={`Ilustración de la sala de ventas de ${name}`}
      className="h-auto w-full"
    >
      <rect width="600" height="400" className="fill-brand-50" />
      <circle cx="510" cy="70" r="38" className="fill-accent-300/70" />
      <rect x="36" y="104" width="528" height="236" rx="6" className="fill-brand-800" />
      <rect x="24" y="88" width="552" height="28" rx="6" className="fill-brand-900" />
      <rect x="210" y="44" width="180" height="44" rx="8" className="fill-accent-400" />
      <CarShape x={240} y={48} className="fill-brand-900" />
      {[60, 232, 404].map((x) => (
        <g key={x}>
          <rect x={x} y="140" width="140" height="176" rx="4" className="fill-brand-200" />
          <path d={`M${x} 140 h60 l-60 90 z`} className="fill-white/40" />
          <path d={`M${x + 90} 140 h30 l-120 176 h-0 v-40 z`} className="fill-white/25" />
        </g>
      ))}
      <CarShape x={70} y={262} className="fill-slate-700" />
      <CarShape x={242} y={262} className="fill-accent-500" />
      <CarShape x={414} y={262} className="fill-brand-600" />
      <rect y="340" width="600" height="60" className="fill-slate-300" />
      {[40, 160, 280, 400, 520].map((x) => (
        <rect key={x} x={x} y="366" width="60" height="8" rx="4" className="fill-white/80" />
      ))}
    </svg>
  );
}
