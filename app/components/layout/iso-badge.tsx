/** ISO 9001 seal (docs/product.md, footer), drawn in SVG so no external image loads. */
export function IsoBadge() {
  return (
    <div className="inline-flex items-center gap-3 rounded-xl bg-white/5 px-3 py-2 ring-1 ring-white/15">
      <svg viewBox="0 0 48 48" aria-hidden className="size-12 shrink-0">
        <circle
          cx="24"
          cy="24"
          r="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="text-accent-400"
        />
        <circle
          cx="24"
          cy="24"
          r="17"
          fill="none"
          stroke="currentColor"
          strokeWidth="1"
          strokeDasharray="2 2"
          className="text-accent-400/70"
        />
        <text
          x="24"
          y="22"
          textAnchor="middle"
          fontSize="9"
          fontWeight="800"
          fill="currentColor"
          className="text-white"
        >
          ISO
        </text>
        <text
          x="24"
          y="32"
          textAnchor="middle"
          fontSize="8.5"
          fontWeight="700"
          fill="currentColor"
          className="text-accent-300"
        >
          9001
        </text>
      </svg>
      <p className="text-sm leading-tight">
        <span className="block font-semibold text-white">Certificación ISO 9001</span>
        <span className="text-brand-100">Gestión de calidad</span>
      </p>
    </div>
  );
}
