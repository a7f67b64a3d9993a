import type { ConsentContext } from '@domain/consent';
import { formatPrice, stockReference } from '@domain/format';
import type { VehicleView } from '@domain/vehicle';
import { Suspense, useState } from 'react';
import { AdvertisedCuota, simulatorHref } from '~/components/financing/advertised-cuota';
import {
  LazyInquiryForm,
  LazyTestDriveModal,
  preloadInquiryForm,
  preloadTestDriveModal,
} from '~/components/forms/lazy-forms';
import { BadgeCheck, CalendarCheck, Mail, MapPin, MessageCircle } from '~/components/icons';
import { PriceDrop } from '~/components/price-drop';
import { island } from '~/lib/island';
import { whatsappLink } from '~/lib/navigation';
import { ShareButton } from './share-button';
import { VehicleFacts } from './vehicle-facts';

interface Props {
  vehicle: VehicleView;
  whatsapp: string;
  salesEmail: string;
  publicUrl: string;
  /** The inquiry's and the test drive's purposes and consent boxes (ADR 0031). */
  consent: Pick<ConsentContext, 'vehiculo' | 'prueba'>;
}

const button =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg px-5 font-semibold shadow-sm transition';

/** The side card: the figures a buyer decides on, and the three ways to act on them (docs/product.md). */
export function VehicleSummary({ vehicle, whatsapp, salesEmail, publicUrl, consent }: Props) {
  const [inquiryOpen, setInquiryOpen] = useState(false);
  /** The test-drive dialog's code loads on the first hover, focus or click of its button (ADR 0020). */
  const [testDrive, setTestDrive] = useState<'closed' | 'open' | 'used'>('closed');
  const price = formatPrice(vehicle.price);
  const message = `Hola, me interesa el ${vehicle.name} ${vehicle.year} publicado en ${price} (${stockReference(vehicle.id)}). ¿Sigue disponible?`;

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-slate-600 text-sm">{stockReference(vehicle.id)}</p>
        <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 font-semibold text-green-800 text-xs">
          <BadgeCheck aria-hidden className="size-4" />
          Financiable
        </span>
      </div>
      <h1 className="mt-3 font-bold text-2xl text-slate-900 leading-tight md:text-3xl">{vehicle.name}</h1>
      <p className="mt-1 text-slate-600">
        {vehicle.year} · {vehicle.condition}
      </p>
      <PriceDrop previousPrice={vehicle.previousPrice} className="mt-4" />
      <p
        className={`${vehicle.previousPrice ? 'mt-1' : 'mt-4'} font-bold text-4xl text-brand-700 tracking-tight`}
      >
        {price}
      </p>
      {vehicle.installmentFrom ? (
        <div className="mt-3 rounded-xl bg-brand-50 px-4 py-3 text-slate-700 text-sm">
          <AdvertisedCuota value={vehicle.installmentFrom} perMonth=" al mes" />
          <a
            href={simulatorHref(vehicle.installmentFrom)}
            className="mt-1 inline-flex min-h-6 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Simula tu crédito
          </a>
        </div>
      ) : null}
      <VehicleFacts vehicle={vehicle} />
      <p className="mt-4 flex items-center gap-2 text-slate-600 text-sm">
        <MapPin aria-hidden className="size-4" />
        Santiago, Chile
      </p>
      <div className="mt-6 space-y-3">
        <button
          type="button"
          onClick={() => setInquiryOpen((open) => !open)}
          onPointerEnter={preloadInquiryForm}
          onFocus={preloadInquiryForm}
          aria-expanded={inquiryOpen}
          aria-controls="solicitar-informacion"
          className={`${button} bg-accent-400 text-slate-900 hover:bg-accent-300`}
        >
          <Mail aria-hidden className="size-5" />
          Solicitar información
        </button>
        <button
          type="button"
          onClick={() => setTestDrive('open')}
          onPointerEnter={preloadTestDriveModal}
          onFocus={preloadTestDriveModal}
          aria-haspopup="dialog"
          className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
        >
          <CalendarCheck aria-hidden className="size-5" />
          Agendar prueba de manejo
        </button>
        <a
          href={whatsappLink(whatsapp, message)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${button} bg-[#1f7a3d] text-white hover:bg-[#186331]`}
        >
          <MessageCircle aria-hidden className="size-5" />
          Contactar por WhatsApp
        </a>
        <ShareButton
          title={`${vehicle.name} ${vehicle.year}`}
          text={`${vehicle.name} ${vehicle.year} a ${price}`}
          className={`${button} bg-white text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50`}
        />
      </div>
      {testDrive === 'closed' ? null : (
        <Suspense fallback={null}>
          <LazyTestDriveModal
            open={testDrive === 'open'}
            onClose={() => setTestDrive('used')}
            vehicle={{ id: vehicle.id, name: vehicle.name, year: vehicle.year }}
            consent={consent.prueba}
          />
        </Suspense>
      )}
      <div id="solicitar-informacion" hidden={!inquiryOpen} className="mt-2 border-slate-200 border-t pt-5">
        {inquiryOpen ? (
          <Suspense fallback={<p className="text-slate-600 text-sm">Cargando formulario...</p>}>
            <LazyInquiryForm
              vehicle={vehicle}
              salesEmail={salesEmail}
              publicUrl={publicUrl}
              consent={consent.vehiculo}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** As an island (ADR 0015): app/islands/vehicle-summary.ts. */
export const VehicleSummaryIsland = /* @__PURE__ */ island('vehicle-summary', VehicleSummary);
