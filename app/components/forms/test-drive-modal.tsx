// 'Agendar prueba de manejo' (ADR 0020): the visitor picks a day and a time among the free slots of the vehicle
// (GET /api/prueba-de-manejo/horarios/), gives name, phone and e-mail like every lead form, and books it
// (POST /api/prueba-de-manejo/). Loaded on demand from the vehicle page's side card, with the validation library.

import type { LeadCreated } from '@contracts/leads.ts';
import type { FormConsent } from '@domain/consent';
import { useCallback, useContext, useEffect, useState } from 'react';
import { CalendarDays, CircleCheck } from '~/components/icons';
import { IslandScope, useIslandId } from '~/lib/island-scope';
import { NETWORK_ERROR } from '~/lib/lead-submit';
import { leadSchema, useLeadForm } from '~/lib/use-lead-form';
import { ConsentFooter, FormIntro } from './consent-fields';
import { FieldError, FieldErrors, PersonFields } from './fields';
import { FormFooter, FormNotice, primaryButton, secondaryButton } from './form-parts';
import { Modal } from './modal';

export interface TestDriveVehicle {
  id: number;
  name: string;
  year: number;
}

interface SlotDay {
  fecha: string;
  etiqueta: string;
  horarios: Array<{ inicio: string; hora: string }>;
}

type Slots = { state: 'loading' } | { state: 'error'; text: string } | { state: 'ready'; days: SlotDay[] };

export function TestDriveModal({
  open,
  onClose,
  vehicle,
  consent,
}: {
  open: boolean;
  onClose: () => void;
  vehicle: TestDriveVehicle;
  /** What the consent boxes name, and the privacy policy version the page shows. */
  consent: FormConsent;
}) {
  // Ids of its own: the side card's enquiry form, open beside it, names its fields alike (nombre, correo…).
  const scope = useContext(IslandScope);
  return (
    <IslandScope.Provider value={`${scope ?? 'pagina'}-prueba`}>
      <Modal
        open={open}
        onClose={onClose}
        title="Agendar prueba de manejo"
        description={`${vehicle.name} ${vehicle.year}. Elige el día y la hora; la prueba dura 30 minutos.`}
      >
        <TestDriveForm vehicle={vehicle} consent={consent} onDone={onClose} />
      </Modal>
    </IslandScope.Provider>
  );
}

function useSlots(vehicleId: number) {
  const [slots, setSlots] = useState<Slots>({ state: 'loading' });
  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/prueba-de-manejo/horarios/?vehiculo=${vehicleId}`, {
        cache: 'no-store',
      });
      const body = (await response.json().catch(() => null)) as { dias?: SlotDay[]; error?: string } | null;
      if (!response.ok || !Array.isArray(body?.dias))
        throw new Error(body?.error ?? 'No pudimos cargar los horarios disponibles.');
      setSlots({ state: 'ready', days: body.dias });
    } catch (error) {
      const text = error instanceof TypeError ? NETWORK_ERROR : (error as Error).message;
      setSlots({ state: 'error', text });
    }
  }, [vehicleId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { slots, reload: load };
}

function TestDriveForm({
  vehicle,
  consent,
  onDone,
}: {
  vehicle: TestDriveVehicle;
  consent: FormConsent;
  onDone: () => void;
}) {
  const { slots, reload } = useSlots(vehicle.id);
  const [booked, setBooked] = useState<LeadCreated | null>(null);
  const lead = useLeadForm({
    schema: leadSchema('TestDriveLeadSchema'),
    endpoint: '/api/prueba-de-manejo/',
    successText: 'Prueba de manejo agendada.',
    onSuccess: setBooked,
  });
  // A slot taken meanwhile (409): offer the slots as they are now.
  const conflict = lead.status === 'error' && lead.errors.horario !== undefined;
  useEffect(() => {
    if (conflict) void reload();
  }, [conflict, reload]);

  if (lead.status === 'success' && booked)
    return <Booked vehicle={vehicle} booked={booked} onDone={onDone} />;
  if (slots.state === 'loading') return <p className="text-slate-700">Cargando horarios disponibles...</p>;
  if (slots.state === 'error')
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm">
        <p className="font-medium">Error: {slots.text}</p>
        <button type="button" onClick={() => void reload()} className={`${secondaryButton} mt-3`}>
          Reintentar
        </button>
      </div>
    );
  if (slots.days.length === 0)
    return (
      <p className="rounded-xl bg-slate-100 px-4 py-3 text-slate-800">
        No quedan horarios libres en los próximos días. Escríbenos por WhatsApp o llámanos y coordinamos tu
        prueba.
      </p>
    );
  return (
    <FieldErrors value={lead.errors}>
      <form key={lead.formKey} {...lead.formProps} className="grid gap-5 sm:grid-cols-2">
        <FormIntro consent={consent} />
        <input type="hidden" name="vehiculo" value={vehicle.id} />
        <SlotPicker days={slots.days} />
        <PersonFields names={{ name: 'nombre', phone: 'telefono', email: 'correo' }} order="phone-first" />
        <ConsentFooter consent={consent} />
        <FormFooter sending={lead.status === 'sending'}>Agendar prueba de manejo</FormFooter>
      </form>
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </FieldErrors>
  );
}

const chip =
  'flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border border-slate-400 bg-white px-2 py-1.5 ' +
  'text-center text-slate-900 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white ' +
  'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand-600 has-[input:focus-visible]:outline-offset-2';

/** Day chips and the chosen day's times, each a native radio group: arrows move inside it, Tab leaves it. */
function SlotPicker({ days }: { days: SlotDay[] }) {
  const [day, setDay] = useState(days[0]?.fecha ?? '');
  const error = useContext(FieldErrors).horario;
  const errorId = useIslandId('horario-error');
  const chosen = days.find((d) => d.fecha === day) ?? days[0];
  return (
    <div className="grid gap-5 sm:col-span-2">
      <fieldset>
        <legend className="mb-1.5 font-medium text-slate-800 text-sm">
          Día{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
          {days.map((d) => {
            // 'jueves 26 de noviembre' → 'jue' over '26 nov': four chips to a row on a phone.
            const [weekday = '', number = '', , month = ''] = d.etiqueta.split(' ');
            return (
              <label key={d.fecha} className={chip}>
                <input
                  type="radio"
                  name="dia"
                  value={d.fecha}
                  checked={d.fecha === chosen?.fecha}
                  onChange={() => setDay(d.fecha)}
                  aria-label={d.etiqueta}
                  className="sr-only"
                />
                <span aria-hidden="true" className="font-semibold capitalize">
                  {weekday.slice(0, 3)}
                </span>
                <span aria-hidden="true">
                  {number} {month.slice(0, 3)}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-1.5 font-medium text-slate-800 text-sm">
          Hora del {chosen?.etiqueta}{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {chosen?.horarios.map((slot) => (
            <label key={slot.inicio} className={chip}>
              <input
                type="radio"
                name="horario"
                value={slot.inicio}
                required
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <span className="font-semibold">{slot.hora}</span>
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={error} />
      </fieldset>
    </div>
  );
}

/** The success panel: the slot in words and the visitor's calendar file. */
function Booked({
  vehicle,
  booked,
  onDone,
}: {
  vehicle: TestDriveVehicle;
  booked: LeadCreated;
  onDone: () => void;
}) {
  const [heading, setHeading] = useState<HTMLHeadingElement | null>(null);
  useEffect(() => heading?.focus(), [heading]);
  // Same origin as the page, whatever address the server was configured with.
  const url = booked.calendario ? new URL(booked.calendario, window.location.href) : null;
  const calendar = url ? `${url.pathname}${url.search}` : null;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-green-200 bg-green-50 px-6 py-10 text-center">
      <CircleCheck aria-hidden className="size-14 text-green-700" strokeWidth={1.75} />
      <h3 ref={setHeading} tabIndex={-1} className="mt-4 font-bold text-2xl text-slate-900 outline-none">
        ¡Prueba de manejo agendada!
      </h3>
      <p className="mt-2 max-w-md text-slate-700">
        Te esperamos el <strong>{booked.horario}</strong> para probar el {vehicle.name} {vehicle.year}. Te
        contactaremos para confirmarla.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {calendar ? (
          <a href={calendar} download className={primaryButton}>
            <CalendarDays aria-hidden className="size-5" />
            Agregar a mi calendario (.ics)
          </a>
        ) : null}
        <button type="button" onClick={onDone} className={secondaryButton}>
          Cerrar
        </button>
      </div>
    </div>
  );
}
