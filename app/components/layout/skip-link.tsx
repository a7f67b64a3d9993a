/** First focusable element of every page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#contenido"
      className="fixed top-3 left-4 z-[60] -translate-y-[calc(100%+1rem)] rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 transition-transform focus:translate-y-0 focus:shadow-lg"
    >
      Saltar al contenido
    </a>
  );
}
