// The one form of a vehicle, to create it or to edit it: every field of docs/api.md, checked in the browser with the
// same zod schema the API uses, and the server's Spanish field errors shown next to each field. A new vehicle's
// photos come first (a phone takes them there); the save bar stays at the bottom of the screen and says what the save
// did beside its button (the component Sitio uses).

import {
  DOORS_RANGE,
  MAX_DESCRIPTION,
  MAX_EXTERNAL_REF,
  MAX_PREVIOUS_OWNERS,
  MAX_VERSION,
  MIN_MODEL_YEAR,
  maxModelYear,
  PUBLISH_WITHOUT_PHOTOS,
  STOCK_STATUS_LABEL,
  STOCK_STATUSES,
  type StockLookups,
  type StockVehicleDetail,
  type VehicleInput,
} from '@contracts/admin-stock.ts';
import { formatPatente } from '@contracts/patente.ts';
import { CONDITIONS } from '@contracts/vehicle.ts';
import { displayTransmission, formatMileage, formatPrice } from '@domain/format';
import { hasValidCheckDigit } from '@domain/vin';
import { useId } from 'react';
import { Link } from 'react-router';
import { SaveBar } from '~/components/admin/save-bar';
import { adminButton, Card } from '~/components/admin/ui';
import { FieldErrors, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { CircleAlert } from '~/components/icons';
import { NewPhotos } from './new-photos.tsx';
import { STATUS_HINT } from './status-badge.tsx';
import type { Notice } from './use-action.ts';
import { type SaveExtras, useVehicleForm } from './use-vehicle-form.ts';
import { options } from './vehicle-form-input.ts';

export function VehicleForm({
  lookups,
  vehicle,
  onSave,
  notice,
}: {
  lookups: StockLookups;
  vehicle?: StockVehicleDetail;
  /** Sends the checked input; resolves with the notice to show, throws AdminApiError on a refusal. */
  onSave: (input: VehicleInput, extras: SaveExtras) => Promise<Notice>;
  /** A notice from outside (e.g. "Vehículo creado" after the redirect). */
  notice?: Notice;
}) {
  const hydrated = useHydrated();
  const {
    formRef,
    errors,
    message,
    sending,
    onSubmit,
    onInput,
    status,
    photos,
    setPhotos,
    pricePreview,
    mileagePreview,
  } = useVehicleForm({ vehicle, onSave, notice });
  const featuresId = useId();
  const statusId = useId();
  const photoCount = vehicle ? vehicle.fotos.length : photos.length;
  // Entering 'publicado' without a photo needs the person's word (ADR 0040); staying published does not.
  const askNoPhotos = status === 'publicado' && vehicle?.estado !== 'publicado' && photoCount === 0;

  // 'Vendido' is entered and left only through the sale's dialogs (ADR 0038): the form offers what it may save.
  const sold = vehicle?.estado === 'vendido';
  const formStatuses = STOCK_STATUSES.filter((status) =>
    sold ? status === 'vendido' : status !== 'vendido',
  );
  const selectedFeatures = new Set(vehicle?.caracteristicas ?? []);
  const noLookups = (['marcas', 'tipos', 'combustibles', 'transmisiones'] as const).some(
    (kind) => lookups[kind].length === 0,
  );

  return (
    <FieldErrors.Provider value={errors}>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        onInput={onInput}
        noValidate
        className="flex flex-col gap-5"
        aria-label={vehicle ? 'Datos del vehículo' : 'Nuevo vehículo'}
      >
        {vehicle ? null : <NewPhotos files={photos} onChange={setPhotos} disabled={!hydrated || sending} />}
        {noLookups ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm">
            Falta completar alguna lista (marcas, tipos, combustibles o transmisiones).{' '}
            <Link to="/admin/listas" className="font-semibold underline">
              Ir a Listas
            </Link>
          </p>
        ) : null}

        <Card title="Datos principales">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <SelectField
              name="marca"
              label="Marca"
              options={options(lookups.marcas)}
              placeholder="Selecciona la marca"
              defaultValue={vehicle ? String(vehicle.marca) : ''}
            />
            <TextField
              name="modelo"
              label="Modelo"
              maxLength={80}
              placeholder="Ranger"
              hint="Sin la versión: los catálogos de anuncios piden los dos por separado."
              defaultValue={vehicle?.modelo}
            />
            <TextField
              name="version"
              label="Versión (opcional)"
              maxLength={MAX_VERSION}
              placeholder="XLT 4x4"
              hint="El sitio la muestra junto al modelo."
              defaultValue={vehicle?.version ?? ''}
            />
            <TextField
              name="año"
              label="Año"
              inputMode="numeric"
              maxLength={4}
              placeholder={String(maxModelYear() - 1)}
              hint={`Entre ${MIN_MODEL_YEAR} y ${maxModelYear()}.`}
              defaultValue={vehicle ? String(vehicle.año) : ''}
            />
            <TextField
              name="precio"
              label="Precio (pesos)"
              inputMode="numeric"
              maxLength={16}
              placeholder="12990000"
              hint={
                pricePreview !== null ? `Se mostrará como ${formatPrice(pricePreview)}.` : 'Sin decimales.'
              }
              defaultValue={vehicle ? String(vehicle.precio) : ''}
            />
            <TextField
              name="kilometraje"
              label="Kilometraje"
              inputMode="numeric"
              maxLength={12}
              placeholder="0"
              hint={mileagePreview !== null ? formatMileage(mileagePreview) : 'En km; 0 para un auto nuevo.'}
              defaultValue={vehicle ? String(vehicle.kilometraje) : ''}
            />
            <SelectField
              name="condicion"
              label="Condición"
              options={CONDITIONS.map((c) => ({ value: c, label: c }))}
              placeholder="Nuevo o usado"
              defaultValue={vehicle?.condicion ?? ''}
            />
            <TextField
              name="duenosAnteriores"
              label="Dueños anteriores"
              required={false}
              inputMode="numeric"
              maxLength={2}
              placeholder="1"
              hint={`De 0 a ${MAX_PREVIOUS_OWNERS}; 0 o en blanco en un auto nuevo. El sitio lo muestra.`}
              defaultValue={vehicle?.duenosAnteriores?.toString() ?? ''}
            />
          </div>
        </Card>

        <Card title="Ficha técnica">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <SelectField
              name="transmision"
              label="Transmisión"
              options={options(lookups.transmisiones, displayTransmission)}
              placeholder="Selecciona la transmisión"
              defaultValue={vehicle ? String(vehicle.transmision) : ''}
            />
            <SelectField
              name="combustible"
              label="Combustible"
              options={options(lookups.combustibles)}
              placeholder="Selecciona el combustible"
              defaultValue={vehicle ? String(vehicle.combustible) : ''}
            />
            <SelectField
              name="tipo"
              label="Tipo de carrocería"
              options={options(lookups.tipos)}
              placeholder="Selecciona el tipo"
              defaultValue={vehicle ? String(vehicle.tipo) : ''}
            />
            <TextField
              name="motor"
              label="Motor"
              maxLength={40}
              placeholder="1.6, 2.0 Turbo, Eléctrico"
              defaultValue={vehicle?.motor}
            />
            <TextField
              name="color"
              label="Color"
              maxLength={40}
              placeholder="Blanco"
              defaultValue={vehicle?.color}
            />
            <TextField
              name="puertas"
              label="Puertas"
              required={false}
              inputMode="numeric"
              maxLength={1}
              placeholder="5"
              hint={`De ${DOORS_RANGE.min} a ${DOORS_RANGE.max}, contando el portalón.`}
              defaultValue={vehicle?.puertas?.toString() ?? ''}
            />
          </div>
        </Card>

        <Card title="Descripción">
          <TextAreaField
            name="descripcion"
            label="Descripción para el sitio"
            required={false}
            rows={5}
            maxLength={MAX_DESCRIPTION}
            placeholder="Único dueño, mantenciones al día en la marca, neumáticos nuevos."
            hint={`Hasta ${MAX_DESCRIPTION.toLocaleString('es-CL')} caracteres, sin formato; los saltos de línea se respetan.`}
            defaultValue={vehicle?.descripcion ?? ''}
          />
        </Card>

        <Card title="Identificación">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="patente"
              label="Patente"
              required={false}
              maxLength={12}
              autoComplete="off"
              placeholder="BBCD·12"
              hint="4 letras y 2 números, o 2 letras y 4 números si es anterior a 2007. No se muestra en el sitio."
              defaultValue={vehicle?.patente ? formatPatente(vehicle.patente) : ''}
            />
            <TextField
              name="vin"
              label="VIN (opcional)"
              maxLength={40}
              autoComplete="off"
              placeholder="17 caracteres, sin I, O ni Q"
              hint={
                vehicle && !vehicle.vin
                  ? 'Sin VIN: no aparece en los catálogos de anuncios (Meta y Google).'
                  : vehicle?.vin && !hasValidCheckDigit(vehicle.vin)
                    ? 'Su dígito verificador (posición 9) no es el de la norma norteamericana: aparece en el catálogo de Meta, no en el de Google.'
                    : 'Los catálogos de anuncios de Meta y Google solo incluyen vehículos con VIN.'
              }
              defaultValue={vehicle?.vin ?? ''}
            />
            <TextField
              name="referencia"
              label="Referencia externa (opcional)"
              maxLength={MAX_EXTERNAL_REF}
              autoComplete="off"
              placeholder="Código de tu planilla o sistema"
              hint="Única por vehículo; con ella se reconocen las filas al importar una planilla."
              defaultValue={vehicle?.referencia ?? ''}
            />
          </div>
        </Card>

        <Card>
          <fieldset aria-describedby={errors.caracteristicas ? `${featuresId}-error` : undefined}>
            <legend className="mb-3 font-semibold text-base text-slate-900">
              Características <span className="font-normal text-slate-600 text-sm">(opcional)</span>
            </legend>
            {lookups.caracteristicas.length === 0 ? (
              <p className="text-slate-600 text-sm">
                No hay características en la lista.{' '}
                <Link to="/admin/listas" className="font-semibold text-brand-700 underline">
                  Agregar en Listas
                </Link>
              </p>
            ) : (
              <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 xl:grid-cols-3">
                {lookups.caracteristicas.map((feature) => (
                  <label
                    key={feature.id}
                    className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-slate-800 text-sm hover:bg-slate-50"
                  >
                    <input
                      type="checkbox"
                      name="caracteristicas"
                      value={feature.id}
                      defaultChecked={selectedFeatures.has(feature.id)}
                      aria-invalid={errors.caracteristicas ? true : undefined}
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    {feature.nombre}
                  </label>
                ))}
              </div>
            )}
            {errors.caracteristicas ? (
              <p id={`${featuresId}-error`} className="mt-2 flex items-start gap-1.5 text-red-700 text-sm">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {errors.caracteristicas}
              </p>
            ) : null}
          </fieldset>
        </Card>

        <Card>
          <fieldset aria-describedby={errors.estado ? `${statusId}-error` : undefined}>
            <legend className="mb-3 font-semibold text-base text-slate-900">Publicación</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {formStatuses.map((status) => (
                <label
                  key={status}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="estado"
                    value={status}
                    defaultChecked={(vehicle?.estado ?? 'borrador') === status}
                    className="mt-0.5 size-4 accent-brand-700"
                  />
                  <span>
                    <span className="block font-medium text-slate-900 text-sm">
                      {STOCK_STATUS_LABEL[status]}
                    </span>
                    <span className="block text-slate-600 text-xs">{STATUS_HINT[status]}</span>
                  </span>
                </label>
              ))}
            </div>
            <p className="mt-2 text-slate-600 text-sm">
              {sold
                ? 'Vendido: para volver a ofrecerlo, usa «Deshacer venta» en la tarjeta Venta, que deja registro.'
                : vehicle
                  ? 'Para marcarlo como vendido, usa «Registrar venta»: pide la fecha, el precio final y quién lo vendió.'
                  : 'Cuando se venda, registra la venta desde la ficha del vehículo.'}
            </p>
            {vehicle?.estado === 'publicado' && status === 'publicado' && photoCount === 0 ? (
              <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm">
                Publicado sin fotos: el sitio muestra una imagen genérica. Agrega sus fotos en «Fotos».
              </p>
            ) : null}
            {askNoPhotos ? (
              <label className="mt-3 flex cursor-pointer items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm">
                <input
                  type="checkbox"
                  name={PUBLISH_WITHOUT_PHOTOS}
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold">Publicar sin fotos</span>
                  No tiene fotos: el sitio mostrará una imagen genérica. Márcalo solo si quieres publicarlo
                  así; si no, {vehicle ? 'agrega sus fotos antes de guardar' : 'agrega sus fotos arriba'}.
                </span>
              </label>
            ) : null}
            {errors.estado ? (
              <p id={`${statusId}-error`} className="mt-2 text-red-700 text-sm">
                {errors.estado}
              </p>
            ) : null}
            <label className="mt-4 flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                name="destacado"
                defaultChecked={vehicle?.destacado ?? false}
                className="mt-0.5 size-4 accent-brand-700"
              />
              <span>
                <span className="block font-medium text-slate-900 text-sm">Destacado</span>
                <span className="block text-slate-600 text-xs">
                  Aparece en «Vehículos Destacados» de la portada cuando está publicado.
                </span>
              </span>
            </label>
          </fieldset>
        </Card>

        <SaveBar
          hydrated={hydrated}
          sending={sending}
          error={message?.tone === 'error' ? message.text : null}
          saved={message?.tone === 'success' ? message.text : null}
          label={vehicle ? 'Guardar cambios' : 'Crear vehículo'}
        >
          <Link
            to="/admin/vehiculos"
            className={`${adminButton.secondary} w-full shrink-0 sm:order-last sm:w-auto`}
          >
            Volver a la lista
          </Link>
        </SaveBar>
      </form>
    </FieldErrors.Provider>
  );
}
