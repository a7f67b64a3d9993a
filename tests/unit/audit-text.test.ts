import { auditActionLabel } from '@contracts/admin-staff.ts';
import { auditLines, auditSubject, changedExcerpt, keyLabel } from '@domain/audit-text.ts';
import {
  isKnownSettingsPath,
  keyWords,
  settingsPathLabel,
  settingsValueText,
} from '@domain/settings-labels.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectReadable } from '../support/readable.ts';

// The audit trail and the settings' versions as staff read them (issue 31 item 8, ADR 0041).

/** Every leaf of an object, as settings paths ('phones.0.e164'). */
function leaves(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [path];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [path];
  return entries.flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

describe('settings paths in the form’s words', () => {
  it('names every field of the settings', () => {
    const unknown = leaves(defaultDealership).filter((path) => !isKnownSettingsPath(path));
    expect(unknown).toEqual([]);
  });

  it.each([
    ['phones.1.e164', 'Teléfonos › Teléfono 2 › Número'],
    ['schedule.week.6', 'Horario de atención › Días › Sábado'],
    ['schedule.week.1.0.open', 'Horario de atención › Días › Lunes › tramo 1 › abre'],
    [
      'financing.credits.directo.monthlyRatePercent.36',
      'Financiamiento › Créditos › Crédito directo › Tasa mensual › a 36 meses',
    ],
    ['legal.terms', 'Textos legales › Términos y condiciones'],
    ['slides.0.photo', 'Portada › Diapositiva 1 › Foto'],
    ['hours.0', 'campo «hours» › campo «0»'],
    ['legal.old_terms', 'Textos legales › campo «old terms»'],
    ['legal.oldTerms', 'Textos legales › campo «old terms»'],
    [
      'maximumRates.annualPercent.upTo200',
      'Tasa máxima convencional › Tasa máxima anual › Créditos a 90 días o más, de más de 50 UF y hasta 200 UF',
    ],
    ['ufValue.date', 'Unidad de fomento › Fecha del valor'],
  ])('%s is «%s»', (path, label) => {
    expect(settingsPathLabel(path)).toBe(label);
  });

  it('shows values as the form does', () => {
    expect(settingsValueText('schedule.week.6', [{ open: '10:30', close: '13:30' }])).toBe('10:30-13:30');
    expect(settingsValueText('schedule.week.6', [])).toBe('cerrado');
    expect(settingsValueText('financing.minFinancedAmount', 2_000_000)).toBe('$2.000.000');
    expect(settingsValueText('financing.credits.directo.monthlyRatePercent.12', 1.59)).toBe('1,59%');
    expect(settingsValueText('financing.credits.directo.minDownPaymentPercent', 30)).toBe('30%');
    expect(settingsValueText('phones.0.e164', '+56223456789')).toBe('+56 2 2345 6789');
    expect(settingsValueText('whatsapp', '56987654321')).toBe('+56 9 8765 4321');
    expect(settingsValueText('schedule.closedDates', ['2027-09-17'])).toBe('17-09-2027');
    expect(settingsValueText('schedule.closedOnHolidays', false)).toBe('No');
    expect(settingsValueText('maximumRates.annualPercent.upTo5000', 30.93)).toBe('30,93%');
    expect(settingsValueText('ufValue.pesos', 38_362.26)).toBe('$38.362,26');
    expect(settingsValueText('ufValue.date', '2024-12-09')).toBe('09-12-2024');
    expect(settingsValueText('slides.0.photo', null)).toBe('(vacío)');
    expect(settingsValueText('slides.0.photo', { hash: 'a'.repeat(32), width: 1600, height: 900 })).toBe(
      'foto de 1600×900 px',
    );
    expect(settingsValueText('phones', defaultDealership.phones)).toBe(
      'Ventas (+56 2 2345 6789); Servicio al cliente (+56 9 8765 4321)',
    );
  });
});

describe('auditLines', () => {
  it('a status change reads as the states’ names, not from/to codes', () => {
    const lines = auditLines('estado_solicitud', { from: 'nuevo', to: 'contactado', actorEmail: 'a@b.cl' });
    expect(lines).toEqual([{ label: 'Estado', before: 'Nuevo', after: 'Contactado' }]);
    expectReadable(lines);
  });

  it('an owner change names the people, by turn or on a deactivation', () => {
    expect(
      auditLines('responsable_solicitud', { de: { id: 2, nombre: 'Ana' }, a: { id: 3, nombre: 'Luis' } }),
    ).toEqual([{ label: 'Responsable', before: 'Ana', after: 'Luis' }]);
    const byTurn = auditLines('responsable_solicitud', {
      de: null,
      a: { id: 3, nombre: 'Luis' },
      automatica: true,
    });
    expect(byTurn).toEqual([
      { label: 'Responsable', before: 'Sin asignar', after: 'Luis' },
      { label: 'Cómo', value: 'Por turno, al llegar la solicitud' },
    ]);
    expectReadable(byTurn);
  });

  it('a settings save names each field by the form and shows a long text around what changed', () => {
    const terms = 'Lorem ipsum '.repeat(40);
    const lines = auditLines('configuracion_guardada', {
      cambios: {
        'phones.1.e164': ['+56987654321', '+56911112222'],
        'schedule.week.6': [[{ open: '10:30', close: '13:30' }], []],
        'legal.terms': [`${terms}plazo de 30 días. ${terms}`, `${terms}plazo de 45 días. ${terms}`],
        'financing.fees': [[{ id: 'notaria', label: 'Notaría', amount: 90000, financed: true }], []],
      },
    });
    expect(lines[0]).toEqual({
      label: 'Teléfonos › Teléfono 2 › Número',
      before: '+56 9 8765 4321',
      after: '+56 9 1111 2222',
    });
    expect(lines[1]).toEqual({
      label: 'Horario de atención › Días › Sábado',
      before: '10:30-13:30',
      after: 'cerrado',
    });
    const legal = lines[2] as { before: string; after: string };
    expect(legal.before).toMatch(/^….*plazo de 30 días.*…$/);
    expect(legal.after).toMatch(/plazo de 45 días/);
    expect(legal.before.length).toBeLessThan(120);
    expect(lines[3]).toEqual({
      label: 'Financiamiento › Gastos de la operación',
      before: 'Notaría ($90.000, Sí)',
      after: '(ninguno)',
    });
    expectReadable(lines);
  });

  it('a vehicle edit shows pesos and names; a sale its price, date and request', () => {
    const edit = auditLines('vehiculo_editado', {
      vehiculo: 'Toyota Yaris',
      cambios: {
        precio: { antes: 12_990_000, despues: 11_990_000 },
        estado: { antes: 'borrador', despues: 'publicado' },
        destacado: { antes: false, despues: true },
        caracteristicas: { antes: ['Aire'], despues: ['Aire', 'ABS'] },
      },
    });
    expect(edit).toEqual([
      { label: 'Vehículo', value: 'Toyota Yaris' },
      { label: 'Precio', before: '$12.990.000', after: '$11.990.000' },
      { label: 'Estado', before: 'Borrador', after: 'Publicado' },
      { label: 'Destacado', before: 'No', after: 'Sí' },
      { label: 'Características', before: 'Aire', after: 'Aire, ABS' },
    ]);
    const sale = auditLines('venta_registrada', {
      vehiculo: 'Toyota Yaris',
      venta: 4,
      fecha: '2026-11-20',
      precio: 11_500_000,
      vendedor: 'Luis',
      solicitud: 17,
    });
    expect(sale).toContainEqual({ label: 'Precio', value: '$11.500.000' });
    expect(sale).toContainEqual({ label: 'Solicitud', value: '#17' });
    expect(sale).toContainEqual({ label: 'Fecha', value: '20-11-2026' });
    expectReadable([...edit, ...sale]);
  });

  it('accounts, lists, photos and the round-robin switch read in words', () => {
    const lines = [
      ...auditLines('rol_cambiado', {
        usuario: 'ana@x.cl',
        cambios: { rol: { antes: 'ventas', despues: 'admin' } },
      }),
      ...auditLines('usuario_desactivado', {
        usuario: 'ana@x.cl',
        sesionesCerradas: 2,
        solicitudesTraspasadas: 3,
      }),
      ...auditLines('lista_editada', { lista: 'marcas', antes: 'Toyta', despues: 'Toyota' }),
      ...auditLines('fotos_reordenadas', { vehiculo: 'Yaris', antes: [3, 1, 2], despues: [1, 2, 3] }),
      ...auditLines('asignacion_configurada', { turnos: true }),
      ...auditLines('avisos_cambiados', { usuario: 'ana@x.cl', correoSolicitudes: false }),
      ...auditLines('datos_eliminados', { datosDepurados: true }),
    ];
    expect(lines).toContainEqual({ label: 'Rol', before: 'Ventas', after: 'Administrador' });
    expect(lines).toContainEqual({ label: 'Lista', value: 'Marcas' });
    expect(lines).toContainEqual({ label: 'Nombre', before: 'Toyta', after: 'Toyota' });
    expect(lines).toContainEqual({ label: 'Reparto por turnos', value: 'Activado' });
    expect(lines).toContainEqual({ label: 'Correos de solicitudes', value: 'No' });
    expect(lines).toContainEqual({ label: 'Solicitudes traspasadas', value: '3' });
    expectReadable(lines);
  });

  it('an action or a key nobody labelled is said in words', () => {
    expect(auditActionLabel('venta_anulada_por_error')).toBe('Venta anulada por error');
    expect(keyLabel('sesionesCerradasHoy')).toBe('Sesiones cerradas hoy');
    expect(auditSubject('configuracion', 'asignacion_solicitudes')).toBe('Reparto de solicitudes');
    expect(auditSubject('configuracion', '7')).toBe('Configuración del sitio, versión 7');
    expect(auditSubject('lista', 'marcas:3')).toBe('Lista Marcas, N° 3');
    expect(auditSubject('vehiculo', '12')).toBe('Vehículo #12');
  });

  it('whatever the details, no line is a code, JSON or English (property)', () => {
    // A key nobody labelled is shown as its words (keyLabel), so a drawn key made of one of the words the check
    // looks for («toAa» → «To aa») would be a key the product never writes, not English it writes: such keys are
    // left to the known ones, which the product labels («from» → «Antes», «to» → «Después»).
    const writtenAsEnglish = (drawn: string) =>
      /\b(from|to|true|false|null|undefined)\b/.test(keyWords(drawn));
    const key = fc.oneof(
      fc.stringMatching(/^[a-z]{2,8}(_[a-z]{2,8}){0,2}$/).filter((drawn) => !writtenAsEnglish(drawn)),
      fc.stringMatching(/^[a-z]{2,8}([A-Z][a-z]{1,8}){0,2}$/).filter((drawn) => !writtenAsEnglish(drawn)),
      fc.constantFrom('from', 'to', 'de', 'a', 'antes', 'despues', 'cambios', 'estado', 'rol', 'precio'),
    );
    const words = fc.constantFrom(
      '',
      'Ana',
      'Toyota Yaris',
      'rojo',
      'auto usado',
      'nuevo',
      'admin',
      'marcas',
    );
    const scalar = fc.oneof(fc.boolean(), fc.integer(), fc.constant(null), words);
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        fc.constantFrom(
          'estado_solicitud',
          'responsable_solicitud',
          'configuracion_guardada',
          'vehiculo_editado',
          'otra_accion',
        ),
        fc.dictionary(key, value, { maxKeys: 5 }),
        (action, details) => {
          expectReadable(auditLines(action, details));
        },
      ),
    );
  });
});

describe('changedExcerpt', () => {
  it('keeps short texts whole and cuts long ones around the change', () => {
    expect(changedExcerpt('Hola', 'Chao')).toEqual(['Hola', 'Chao']);
    const [before, after] = changedExcerpt(
      `${'a'.repeat(200)}X${'b'.repeat(200)}`,
      `${'a'.repeat(200)}Y${'b'.repeat(200)}`,
    );
    expect(before).toBe(`…${'a'.repeat(30)}X${'b'.repeat(30)}…`);
    expect(after).toBe(`…${'a'.repeat(30)}Y${'b'.repeat(30)}…`);
  });
});
