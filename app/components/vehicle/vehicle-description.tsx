/**
 * What staff wrote about the vehicle (ADR 0040), as plain text with its line breaks; server markup only, so the
 * islands' props never carry it. Nothing is shown when there is none.
 */
export function VehicleDescription({ text, className = '' }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <section aria-labelledby="descripcion" className={className}>
      <h2 id="descripcion" className="mb-2 font-bold text-slate-900 text-xl">
        Descripción
      </h2>
      <p className="whitespace-pre-line break-words text-slate-800 leading-relaxed">{text}</p>
    </section>
  );
}
