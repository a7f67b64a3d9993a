// The details of an audit entry, readable: "Precio: 12990000 → 11990000" rather than JSON. Actions are added by other
// parts of the back office over time, so anything unforeseen is still shown, with its raw key.

import { ROLE_LABELS } from '@contracts/admin-staff.ts';
import type { ReactNode } from 'react';
import { ArrowRight } from '~/components/icons';

const KEY_LABELS: Record<string, string> = {
  usuario: 'Cuenta',
  nombre: 'Nombre',
  rol: 'Rol',
  estado: 'Estado',
  sesionesCerradas: 'Sesiones cerradas',
  correo: 'Correo',
  correoHash: 'Correo (huella SHA-256)',
  solicitudes: 'Solicitudes',
  fotos: 'Fotos',
  imagenes: 'Imágenes',
  notas: 'Notas',
  correos: 'Correos',
  registrosIdempotencia: 'Registros de reintento',
  alertas: 'Alertas por correo',
  registrosAuditoriaDepurados: 'Registros de auditoría depurados',
  datosDepurados: 'Datos personales depurados',
  precio: 'Precio',
  modelo: 'Modelo',
  marca: 'Marca',
  destacado: 'Destacado',
  destinatario: 'Destinatario',
  categorias: 'Categorías de datos',
  consentimiento: 'Consentimiento (N° de registro)',
  descripcion: 'Qué ocurrió',
  ocurrida: 'Cuándo ocurrió',
  detectada: 'Cuándo se detectó',
  personas: 'Personas',
  consecuencias: 'Posibles consecuencias',
  medidas: 'Medidas adoptadas',
  agencia: 'Informada a la Agencia',
  nuevos: 'Avisos nuevos',
  tiposEtiquetas: 'Tipos de solicitud',
};

/** 'sesionesCerradas' / 'vehicle_km' → 'Sesiones cerradas' / 'Vehicle km'. */
function labelOf(key: string): string {
  const known = KEY_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-záéíóúñ])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PAIRS = [
  ['antes', 'despues'],
  ['de', 'a'],
  ['from', 'to'],
  ['before', 'after'],
] as const;

function asPair(value: unknown): [unknown, unknown] | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const [from, to] of PAIRS) {
    if (from in record && to in record && Object.keys(record).length === 2) return [record[from], record[to]];
  }
  return null;
}

function scalar(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (key === 'rol' && (value === 'admin' || value === 'ventas')) return ROLE_LABELS[value];
  if (key === 'correoHash' && typeof value === 'string') return `${value.slice(0, 19)}…`;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Value({ name, value }: { name: string; value: unknown }): ReactNode {
  const pair = asPair(value);
  if (pair) {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-1.5">
        <span className="text-slate-600 line-through decoration-slate-400">{scalar(name, pair[0])}</span>
        <ArrowRight aria-hidden className="size-3.5 shrink-0 text-slate-500" />
        <span className="sr-only">cambió a</span>
        <span className="font-medium text-slate-900">{scalar(name, pair[1])}</span>
      </span>
    );
  }
  return <span className="break-words">{scalar(name, value)}</span>;
}

/** Known keys in reading order (the database keeps JSON keys in an order of its own); unknown ones follow. */
const ORDER = Object.keys(KEY_LABELS);
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { cambios, ...rest } = details;
  const changes: Array<[string, unknown]> =
    cambios && typeof cambios === 'object' && !Array.isArray(cambios)
      ? Object.entries(cambios as Record<string, unknown>)
      : cambios === undefined
        ? []
        : [['cambios', cambios]];
  const rows = [...changes, ...Object.entries(rest).sort(([a], [b]) => rank(a) - rank(b))];
  if (rows.length === 0) return null;
  return (
    <dl className="mt-1.5 flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {rows.map(([key, value]) => (
        <div key={key} className="flex min-w-0 flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{labelOf(key)}:</dt>
          <dd className="min-w-0 text-slate-800">
            <Value name={key} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
