import { BREACH_CATEGORIES, BREACH_CATEGORY_KEYS, type BreachView } from '@contracts/admin-registers.ts';
import { chileDayKey, formatChileDateTime } from '@domain/chile-time';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { useApiForm } from '~/components/admin/staff/use-api-form';
import { AdminNotice, adminButton } from '~/components/admin/ui';
import { FieldError, FieldErrors, TextAreaField, TextField } from '~/components/forms/fields';
import { Save } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';

/** An instant as a datetime-local input shows it, in Chile's time: 'yyyy-mm-ddTHH:mm'. */
export function wallTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  return `${chileDayKey(iso)}T${formatChileDateTime(iso).slice(11)}`;
}

function bodyOf(data: FormData) {
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    descripcion: text('descripcion'),
    ocurrida: text('ocurrida'),
    detectada: text('detectada'),
    categorias: data.getAll('categorias').map(String),
    personas: text('personas'),
    consecuencias: text('consecuencias'),
    medidas: text('medidas'),
    agencia: text('agencia'),
  };
}

function Categories({ checked }: { checked: readonly string[] }) {
  const error = useContext(FieldErrors).categorias;
  return (
    <fieldset aria-describedby={error ? 'vulneracion-categorias-error' : undefined} className="sm:col-span-2">
      <legend className="mb-1.5 font-medium text-slate-800 text-sm">
        Categorías de datos afectados <span className="text-red-700">*</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {BREACH_CATEGORY_KEYS.map((key) => (
          <label key={key} className="flex items-start gap-2 text-slate-800 text-sm">
            <input
              type="checkbox"
              name="categorias"
              value={key}
              defaultChecked={checked.includes(key)}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>
              {BREACH_CATEGORIES[key].label}
              {BREACH_CATEGORIES[key].aviso ? (
                <span className="block text-amber-900 text-xs">Exige avisar a cada persona afectada</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id="vulneracion-categorias-error" error={error} />
    </fieldset>
  );
}

/** Records a new incident, or corrects one (the whole record each time; every change goes to its history). */
export function BreachForm({ breach }: { breach?: BreachView }) {
  const navigate = useNavigate();
  const form = useApiForm(
    (data) =>
      breach
        ? adminFetch<{ id: number; mensaje: string }>(`/admin/api/vulneraciones/${breach.id}`, {
            method: 'PUT',
            body: bodyOf(data),
          })
        : adminFetch<{ id: number; mensaje: string }>('/admin/api/vulneraciones', { body: bodyOf(data) }),
    {
      success: (result) => {
        if (!breach) void navigate(`/admin/vulneraciones/${result.id}`);
        return result.mensaje;
      },
    },
  );
  return (
    <FieldErrors value={form.errors}>
      <AdminNotice notice={form.notice} />
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        <TextAreaField
          name="descripcion"
          label="Qué ocurrió"
          rows={4}
          maxLength={4000}
          defaultValue={breach?.descripcion}
          className="sm:col-span-2"
          hint="Describe el incidente en palabras simples: se usará en los avisos a las personas."
        />
        <TextField
          name="ocurrida"
          label="Cuándo ocurrió"
          type="datetime-local"
          defaultValue={wallTimeInput(breach?.ocurrida)}
        />
        <TextField
          name="detectada"
          label="Cuándo se detectó"
          type="datetime-local"
          defaultValue={wallTimeInput(breach?.detectada)}
        />
        <Categories checked={breach?.categorias ?? []} />
        <TextField
          name="personas"
          label="Personas afectadas (aproximado)"
          type="number"
          inputMode="numeric"
          min={0}
          defaultValue={breach ? String(breach.personas) : undefined}
        />
        <TextField
          name="agencia"
          label="Cuándo se informó a la Agencia"
          type="datetime-local"
          required={false}
          defaultValue={wallTimeInput(breach?.agencia)}
          hint="Déjalo vacío mientras no se haya informado a la Agencia de Protección de Datos Personales."
        />
        <TextAreaField
          name="consecuencias"
          label="Posibles consecuencias para las personas"
          rows={3}
          maxLength={4000}
          defaultValue={breach?.consecuencias}
          className="sm:col-span-2"
        />
        <TextAreaField
          name="medidas"
          label="Medidas adoptadas"
          rows={3}
          maxLength={4000}
          defaultValue={breach?.medidas}
          className="sm:col-span-2"
          hint="Qué se hizo para contenerlo y para que no se repita."
        />
        <div className="sm:col-span-2">
          <button type="submit" aria-disabled={form.sending || undefined} className={adminButton.primary}>
            <Save aria-hidden className="size-4" />
            {form.sending ? 'Guardando...' : breach ? 'Guardar cambios' : 'Registrar vulneración'}
          </button>
        </div>
      </form>
    </FieldErrors>
  );
}
