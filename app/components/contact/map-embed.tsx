import { useEffect, useRef, useState } from 'react';
import { MapPin } from '~/components/icons';
import { island } from '~/lib/island';

interface Props {
  embedUrl: string;
  place: string;
}

/**
 * The embedded map loads only when the visitor asks for it: until then no request reaches the map provider
 * (privacy, and page weight). Without JavaScript the button does nothing and the 'Cómo llegar' link remains.
 */
export function MapEmbed({ embedUrl, place }: Props) {
  const [shown, setShown] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const provider = new URL(embedUrl).hostname.replace(/^www\./, '');

  useEffect(() => {
    if (shown) frame.current?.focus(); // the button is gone; keep keyboard focus on what replaced it
  }, [shown]);

  return (
    <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
      {shown ? (
        <iframe
          ref={frame}
          src={embedUrl}
          title={`Mapa: ${place}`}
          className="h-full w-full border-0"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-popups"
        />
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-4 bg-[linear-gradient(var(--color-slate-200)_1px,transparent_1px),linear-gradient(90deg,var(--color-slate-200)_1px,transparent_1px)] bg-[size:32px_32px] p-6 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-md">
            <MapPin aria-hidden className="size-7" />
          </span>
          <p className="max-w-xs rounded-lg bg-white/90 px-3 py-2 text-slate-700 text-sm">
            {place}. El mapa se carga desde {provider} solo cuando lo pides.
          </p>
          <button
            type="button"
            onClick={() => setShown(true)}
            className="inline-flex h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white shadow-sm transition hover:bg-brand-800"
          >
            Ver mapa
          </button>
        </div>
      )}
    </div>
  );
}

/** The map as an island (ADR 0015): app/islands/map-embed.ts. */
export const MapEmbedIsland = /* @__PURE__ */ island('map-embed', MapEmbed);
