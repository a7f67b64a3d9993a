// An audit entry's details as staff read them (issue 31 item 8, ADR 0041): each line a field's name in Spanish with
// its value, or its value before → after; states, roles and lists by their labels, money in pesos, dates in Chile's
// time, a settings path by the form's words. Never a code, an English word or JSON: a key this module does not know is
// named in words ('sesionesCerradas' → «Sesiones cerradas»), an object as «campo: valor» pairs.

import { LEAD_STATUS_LABELS, type LeadStatus } from '@contracts/admin-leads.ts';
import { LOOKUP_KINDS, LOOKUP_TEXT, type LookupKind } from '@contracts/admin-lookups.ts';
import { AUDIT_ENTITY_NAMES, ROLE_LABELS } from '@contracts/admin-staff.ts';
import { STOCK_STATUS_LABEL, type StockStatus, VEHICLE_FIELD_LABEL } from '@contracts/admin-stock.ts';
import { formatPhone } from '@contracts/phone.ts';
import { dayKeyToChile, formatChileDateTime } from './chile-time.ts';
import { formatMileage, formatPrice } from './format.ts';
import { keyWords, settingsPathLabel, settingsValueText } from './settings-labels.ts';

/** One line: a field and its value, or the value it had and the one it got. */
export type AuditLine = { label: string; value: string } | { label: string; before: string; after: string };

const KEY_LABELS: Record<string, string> = {
  ...VEHICLE_FIELD_LABEL,
  vehiculo: 'Vehículo',
  usuario: 'Cuenta',
  nombre: 'Nombre',
  rol: 'Rol',
  correo: 'Correo',
  correoHash: 'Correo (huella SHA-256)',
  sesionesCerradas: 'Sesiones cerradas',
  solicitudesTraspasadas: 'Solicitudes traspasadas',
  correoSolicitudes: 'Correos de solicitudes',
  turnos: 'Reparto por turnos',
  solicitudes: 'Solicitudes',
  solicitud: 'Solicitud',
  fotos: 'Fotos',
  foto: 'Foto',
  cantidad: 'Fotos agregadas',
  total: 'Fotos en total',
  posicion: 'Posición',
  principal: 'Era la principal',
  imagenes: 'Imágenes',
  notas: 'Notas',
  correos: 'Correos',
  consentimientos: 'Autorizaciones',
  registrosIdempotencia: 'Registros de reintento',
  alertas: 'Alertas por correo',
  registrosAuditoriaDepurados: 'Registros de auditoría depurados',
  datosDepurados: 'Detalles',
  interrumpida: 'Interrumpida',
  venta: 'Venta',
  fecha: 'Fecha',
  costo: 'Costo',
  vendedor: 'Vendedor',
  motivo: 'Motivo',
  lista: 'Lista',
  archivo: 'Archivo',
  filas: 'Filas',
  nuevos: 'Nuevos',
  actualizados: 'Actualizados',
  sinCambios: 'Sin cambios',
  marcasCreadas: 'Marcas creadas',
  anterior: 'Versión anterior',
  sha256: 'Huella del texto (SHA-256)',
  restauradaDe: 'Restaura la versión',
  destinatario: 'Destinatario',
  categorias: 'Categorías de datos',
  consentimiento: 'Autorización (N° de registro)',
  descripcion: 'Qué ocurrió',
  ocurrida: 'Cuándo ocurrió',
  detectada: 'Cuándo se detectó',
  personas: 'Personas',
  consecuencias: 'Posibles consecuencias',
  medidas: 'Medidas adoptadas',
  agencia: 'Informada a la Agencia',
  desde: 'Desde',
  hasta: 'Hasta',
  tiposEtiquetas: 'Tipos de solicitud',
  asunto: 'Asunto',
  envio: 'N° de envío',
  para: 'Para',
  responsable: 'Responsable',
  // The keys of a change, should one appear alone.
  antes: 'Antes',
  despues: 'Después',
  from: 'Antes',
  to: 'Después',
  de: 'De',
  a: 'A',
  automatica: 'Por turno',
  traspaso: 'Traspaso',
};

/** Reading order: the known keys as listed above (the database keeps JSON keys in an order of its own). */
const ORDER = Object.keys(KEY_LABELS);
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

/** 'sesionesCerradas' / 'vehicle_km' → «Sesiones cerradas» / «Vehicle km»: a key nobody labelled, in words. */
export function keyLabel(key: string): string {
  const known = KEY_LABELS[key];
  if (known) return known;
  const words = keyWords(key);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value of key `key` as people read it. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    if (key === 'turnos') return value ? 'Activado' : 'Desactivado';
    if (key === 'datosDepurados') return 'eliminados con los datos de la persona';
    return value ? 'Sí' : 'No';
  }
  if (typeof value === 'number') {
    if (key === 'precio' || key === 'costo') return formatPrice(value);
    if (key === 'kilometraje') return formatMileage(value);
    if (key === 'solicitud' || key === 'venta') return `#${value}`;
    // A year, a version or an id reads without a thousands point.
    if (key === 'año' || key === 'version' || key === 'anterior' || key === 'envio') return String(value);
    return value.toLocaleString('es-CL');
  }
  if (typeof value === 'string') {
    if (key === 'rol' && (value === 'admin' || value === 'ventas')) return ROLE_LABELS[value];
    if (key === 'estado' && value in STOCK_STATUS_LABEL) return STOCK_STATUS_LABEL[value as StockStatus];
    if (key === 'estado' && value in LEAD_STATUS_LABELS) return LEAD_STATUS_LABELS[value as LeadStatus];
    if (key === 'lista' && (LOOKUP_KINDS as readonly string[]).includes(value))
      return LOOKUP_TEXT[value as LookupKind].title;
    if (key === 'correoHash' || key === 'sha256') return `${value.slice(0, 12)}…`;
    if (key === 'telefono' || key === 'phone') return formatPhone(value);
    if (ISO_INSTANT.test(value)) return formatChileDateTime(value);
    if (DAY.test(value)) return dayKeyToChile(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (key === 'correos' || key === 'fotos')
      return value.length === 1 ? '1' : value.length.toLocaleString('es-CL');
    return value.map((item) => valueText(key, item)).join(', ');
  }
  if (isRecord(value)) {
    // A person recorded as {id, nombre}: the name.
    if (typeof value.nombre === 'string') return value.nombre;
    return Object.entries(value)
      .map(([inner, v]) => `${keyLabel(inner)}: ${valueText(inner, v)}`)
      .join('; ');
  }
  return String(value);
}

/** The longest text either side of an arrow shows; a longer one is cut around what changed. */
const EXCERPT = 90;

/**
 * A change of a long text (a legal text, a description) as the part that changed, with a little of what surrounds
 * it: «…plazo de 30 días…» → «…plazo de 45 días…». Short texts are shown whole.
 */
export function changedExcerpt(before: string, after: string): [string, string] {
  if (before.length <= EXCERPT && after.length <= EXCERPT) return [before, after];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  const context = 30;
  const cut = (text: string) => {
    const from = Math.max(0, start - context);
    const to = Math.min(text.length, text.length - end + context);
    let part = text.slice(from, to);
    if (part.length > EXCERPT * 2) part = `${part.slice(0, EXCERPT * 2)}…`;
    return `${from > 0 ? '…' : ''}${part}${to < text.length ? '…' : ''}`;
  };
  return [cut(before), cut(after)];
}

function pair(label: string, before: string, after: string): AuditLine {
  const [shortBefore, shortAfter] = changedExcerpt(before, after);
  return { label, before: shortBefore, after: shortAfter };
}

/** `{antes, despues}` or `[antes, despues]`: a change recorded either way. */
function asChange(value: unknown): [unknown, unknown] | null {
  if (Array.isArray(value) && value.length === 2) return [value[0], value[1]];
  if (isRecord(value) && 'antes' in value && 'despues' in value && Object.keys(value).length === 2)
    return [value.antes, value.despues];
  return null;
}

/** The lines of the `cambios` of an entry: settings by their form's words, the rest by their field's name. */
function changeLines(action: string, changes: Record<string, unknown>): AuditLine[] {
  const settings = action.startsWith('configuracion_');
  return Object.entries(changes).map(([key, value]) => {
    const change = asChange(value);
    const label = settings ? settingsPathLabel(key) : keyLabel(key);
    const show = (v: unknown) => (settings ? settingsValueText(key, v) : valueText(key, v));
    return change ? pair(label, show(change[0]), show(change[1])) : { label, value: show(value) };
  });
}

const ownerName = (value: unknown) =>
  isRecord(value) && typeof value.nombre === 'string' ? value.nombre : null;

/**
 * The readable lines of one entry. Entries of every age are read: keys named as the code that wrote them named them
 * (`from`/`to` of a status, `de`/`a` of an owner, `antes`/`despues`), each given its words here.
 */
export function auditLines(action: string, details: Record<string, unknown>): AuditLine[] {
  const { actorEmail: _actor, cambios, ...rest } = details;
  const lines: AuditLine[] = [];
  // A request's status: {from, to}.
  if (typeof rest.from === 'string' && typeof rest.to === 'string') {
    lines.push(pair('Estado', valueText('estado', rest.from), valueText('estado', rest.to)));
    delete rest.from;
    delete rest.to;
  }
  // A request's owner: {de, a} of {id, nombre} or null, by turn (`automatica`) or on a deactivation (`traspaso`).
  const person = (value: unknown) => value === null || (isRecord(value) && typeof value.nombre === 'string');
  if ('de' in rest && 'a' in rest && person(rest.de) && person(rest.a)) {
    lines.push(pair('Responsable', ownerName(rest.de) ?? 'Sin asignar', ownerName(rest.a) ?? 'Sin asignar'));
    if (rest.automatica === true) lines.push({ label: 'Cómo', value: 'Por turno, al llegar la solicitud' });
    if (rest.traspaso === true) lines.push({ label: 'Cómo', value: 'Al desactivar la cuenta anterior' });
    delete rest.de;
    delete rest.a;
    delete rest.automatica;
    delete rest.traspaso;
  }
  // A list entry renamed, or the photos reordered: {antes, despues} at the top.
  if ('antes' in rest && 'despues' in rest) {
    const label = action === 'fotos_reordenadas' ? 'Orden de las fotos (N° de foto)' : 'Nombre';
    lines.push(pair(label, valueText('antes', rest.antes), valueText('despues', rest.despues)));
    delete rest.antes;
    delete rest.despues;
  }
  if (cambios !== undefined) {
    if (isRecord(cambios)) lines.push(...changeLines(action, cambios));
    else lines.push({ label: 'Cambios', value: valueText('cambios', cambios) });
  }
  // The kinds' codes go unsaid when their labels are there.
  if (typeof rest.tiposEtiquetas === 'string') delete rest.tipos;
  const others = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]): AuditLine => ({ label: keyLabel(key), value: valueText(key, value) }));
  // What the entry is about (the vehicle, the account) reads first; the changes follow.
  const about = others.filter((line) => line.label === 'Vehículo' || line.label === 'Cuenta');
  return [...about, ...lines, ...others.filter((line) => !about.includes(line))];
}

/**
 * What an entry is about, in words: «Vehículo #12», «Lista Marcas, N° 3», «Configuración del sitio, versión 7»,
 * «Reparto de solicitudes». Null when the entry names nothing.
 */
export function auditSubject(entity: string, entityId: string | null): string {
  const name = AUDIT_ENTITY_NAMES[entity] ?? keyLabel(entity);
  if (entityId === null || entityId === '') return name;
  if (entity === 'lista') {
    const [kind = '', id = ''] = entityId.split(':');
    const list = (LOOKUP_KINDS as readonly string[]).includes(kind)
      ? LOOKUP_TEXT[kind as LookupKind].title
      : kind;
    return id ? `Lista ${list}, N° ${id}` : `Lista ${list}`;
  }
  if (entity === 'configuracion')
    return /^\d+$/.test(entityId) ? `Configuración del sitio, versión ${entityId}` : 'Reparto de solicitudes';
  if (entity === 'politica_privacidad') return `Política de privacidad, versión ${entityId}`;
  return /^\d+$/.test(entityId) ? `${name} #${entityId}` : name;
}
