/** A valid payload per endpoint (docs/api.md field names), for tests to send as is or spoil one field at a time. */
export const VALID_PAYLOADS = {
  '/api/contacto-contacto/': {
    name: 'Camila Rojas',
    email: 'camila.rojas@example.cl',
    phone: '+56 9 8123 4567',
    subject: 'compra',
    message: 'Hola, quisiera saber si tienen SUV híbridas disponibles.',
  },
  '/api/contact/': {
    nombre: 'Jorge Muñoz',
    correo: 'jorge.munoz@example.cl',
    telefono: '+56 9 7000 1111',
    mensaje: 'Hola, me interesa este vehículo. ¿Está disponible para verlo el sábado?',
  },
  '/api/contact-form/': {
    nombre: 'Valentina Soto',
    telefono: '+56 9 6555 4444',
    correo: 'valentina.soto@example.cl',
    financiamiento: 'directo',
    vehiculo: '$15.000.000',
    pie: '$4.000.000',
    plazo: '36',
    ingresos: 'dependiente',
    comentarios: 'Tengo contrato indefinido hace 3 años.',
  },
  '/api/seguros/': {
    name: 'Matías Fuentes',
    email: 'matias.fuentes@example.cl',
    phone: '+56 2 2999 8888',
    vehicle_brand: 'kia',
    vehicle_year: '2019',
    vehicle_model: 'Rio 5',
    insurance_type: 'todo-riesgo',
    comments: 'Uso el auto para ir al trabajo.',
  },
  '/api/vendeauto/': {
    name: 'Francisca Díaz',
    phone: '+56 9 5444 3333',
    email: 'francisca.diaz@example.cl',
    vehicle_brand: 'toyota',
    vehicle_year: '2017',
    vehicle_model: 'Yaris',
    vehicle_km: '87.000',
    vehicle_color: 'Gris',
    vehicle_condition: 'bueno',
    comments: 'Único dueño, mantenciones al día.',
  },
  '/api/asesoria/': {
    nombre: 'Ignacio Pérez',
    telefono: '+56 9 4333 2222',
    correo: 'ignacio.perez@example.cl',
    area_asesoria: 'planificacion',
    tipo_cliente: 'pyme',
    fecha_preferida: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    situacion_financiera: 'crecimiento',
    comentarios: 'Queremos renovar la flota de nuestra pyme.',
  },
} as const;

export type LeadPath = keyof typeof VALID_PAYLOADS;
export const JSON_LEAD_PATHS = Object.keys(VALID_PAYLOADS).filter(
  (p) => p !== '/api/vendeauto/',
) as LeadPath[];

/**
 * Fields whose label says optional (docs/product.md) — every other field is required. The financing `ingresos` is
 * optional since ADR 0031 (a socio-economic value cannot be the price of a request).
 */
export const OPTIONAL_FIELDS: Record<LeadPath, string[]> = {
  '/api/contacto-contacto/': [],
  '/api/contact/': ['telefono'],
  '/api/contact-form/': ['pie', 'ingresos', 'comentarios'],
  '/api/seguros/': [],
  '/api/vendeauto/': ['comments'],
  '/api/asesoria/': ['situacion_financiera'],
};

/** Enumerated fields per endpoint. */
export const ENUM_FIELDS: Record<LeadPath, string[]> = {
  '/api/contacto-contacto/': ['subject'],
  '/api/contact/': [],
  '/api/contact-form/': ['financiamiento', 'plazo', 'ingresos'],
  '/api/seguros/': ['vehicle_brand', 'insurance_type'],
  '/api/vendeauto/': ['vehicle_brand', 'vehicle_condition'],
  '/api/asesoria/': ['area_asesoria', 'tipo_cliente', 'situacion_financiera'],
};
