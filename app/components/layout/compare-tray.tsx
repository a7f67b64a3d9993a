import type { CompareChoice } from '@domain/saved-lists';
import { idsValue, MAX_COMPARE, MIN_COMPARE } from '@domain/saved-lists';
import { useEffect, useRef, useState } from 'react';
import { X } from '~/components/icons';
import { onSavedChange, saveCompare, storedCompare } from '~/lib/saved-store';

const FULL = {
  compare: `Puedes comparar hasta ${MAX_COMPARE} vehículos. Quita uno para agregar otro.`,
  favourites: 'Tu lista de favoritos está llena. Quita alguno para guardar otro.',
};

/**
 * The compare tray (ADR 0019): fixed at the bottom of the screen while at least one vehicle is chosen, with their
 * names, a button to remove each and "Comparar (n)". It is drawn only once the header's code has read the visitor's
 * choices, never by the server, so it shifts nothing at load. While it shows, its height is `--tray` on the
 * page (app.css): the page gains that room at its foot, the browser keeps what it scrolls to above the tray, and the
 * WhatsApp button floats above it, so the tray covers nothing and nothing covers the tray (ADR 0037). It also says
 * when a list is full. Not on /comparar itself, nor in print.
 */
export function CompareTray({ hidden }: { hidden: boolean }) {
  const [chosen, setChosen] = useState<CompareChoice[]>([]);
  const [notice, setNotice] = useState('');
  useEffect(
    () =>
      onSavedChange((change) => {
        setChosen(storedCompare());
        setNotice(change.full ? FULL[change.full] : '');
      }),
    [],
  );
  useEffect(() => setChosen(storedCompare()), []);

  const shown = !hidden && (chosen.length > 0 || notice !== '');
  const tray = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = tray.current;
    // An empty value removes the property.
    const height = (value: string) => document.documentElement.style.setProperty('--tray', value);
    if (!shown || !element) return height('');
    const pad = () => height(`${element.offsetHeight}px`);
    pad();
    const observer = new ResizeObserver(pad);
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  const remove = (id: number) => saveCompare(storedCompare().filter((c) => c.id !== id));
  // The live region stays in the page, so a notice that opens the tray is read out too.
  const status = (
    <p role="status" className="sr-only">
      {notice}
    </p>
  );
  if (!shown) return status;
  return (
    <>
      {status}
      <section
        ref={tray}
        aria-label="Vehículos para comparar"
        className="fixed inset-x-0 bottom-0 z-30 border-slate-200 border-t bg-white/95 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur print:hidden"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2 sm:gap-3 sm:py-3">
          {/* On a phone one row that scrolls sideways; wider, the names wrap. */}
          <ul className="flex min-w-0 basis-full gap-1.5 overflow-x-auto sm:basis-0 sm:flex-1 sm:flex-wrap">
            {chosen.map((choice) => (
              <li
                key={choice.id}
                className="flex max-w-56 shrink-0 items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-3 text-slate-800 text-sm sm:max-w-full"
              >
                <span className="truncate">{choice.name}</span>
                <button
                  type="button"
                  onClick={() => remove(choice.id)}
                  aria-label={`Quitar ${choice.name} de la comparación`}
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-slate-200"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          {chosen.length >= MIN_COMPARE ? (
            <a
              href={`/comparar?ids=${idsValue(chosen.map((c) => c.id))}`}
              className="inline-flex h-11 shrink-0 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              Comparar ({chosen.length})
            </a>
          ) : chosen.length === 1 ? (
            <p className="text-slate-700 text-sm">Elige otro vehículo para comparar.</p>
          ) : null}
          {notice ? <p className="w-full font-medium text-amber-900 text-sm">{notice}</p> : null}
        </div>
      </section>
    </>
  );
}
