import { chileDayKey, formatChileDateTime, parseDayInput } from '@domain/chile-time.ts';
import {
  buildLeadsCsv,
  CSV_BOM,
  csvCell,
  csvLine,
  type LeadCsvRecord,
  leadsCsvFileName,
} from '@server/services/admin/leads-csv.ts';
import { describe, expect, it } from 'vitest';

const now = new Date('2026-03-03T12:00:00Z');
const lead = (overrides: Partial<LeadCsvRecord> = {}): LeadCsvRecord => ({
  id: 7,
  kindLabel: 'Mensaje de contacto',
  status: 'nuevo',
  createdAt: new Date('2026-01-15T15:30:00Z'),
  dueAt: new Date('2026-01-16T15:30:00Z'),
  firstContactAt: null,
  name: 'Camila Rojas',
  email: 'camila@example.cl',
  phone: '+56 9 8123 4567',
  vehicle: null,
  message: 'Hola',
  details: [{ label: 'Asunto', value: 'Información de compra' }],
  ...overrides,
});

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Camila Rojas')).toBe('Camila Rojas');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with the separator, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Ana "La Jefa"')).toBe('"Ana ""La Jefa"""');
    expect(csvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('coma, no')).toBe('coma, no');
  });

  it.each(['=1+1', '+56 9 1234 5678', '-2+3', '@SUMA(A1)', '\tx', '\r=1'])(
    'neutralizes %j so spreadsheets never evaluate it',
    (text) => {
      const cell = csvCell(text);
      const inner = cell.startsWith('"') ? cell.slice(1, -1) : cell;
      expect(inner.startsWith(`'`)).toBe(true);
      expect(inner.slice(1).replace(/""/g, '"')).toBe(text);
    },
  );

  it('neutralizes a formula that also needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe(`"'=HYPERLINK(""http://x"";""y"")"`);
  });
});

describe('buildLeadsCsv', () => {
  it('starts with the BOM and the Spanish headers, separated by semicolons, CRLF line ends', () => {
    const csv = buildLeadsCsv([], now);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(
      `${CSV_BOM}N° de solicitud;Fecha de recepción;Tipo;Estado;Plazo de primer contacto;Responder antes de;` +
        'Primer contacto;Nombre;Correo;Teléfono;Vehículo;Mensaje;Detalles;' +
        'Fuente;Medio;Campaña;Página de llegada;Sitio de referencia;Responsable\r\n',
    );
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes one line per lead with Chilean dates, Spanish labels and the deadline', () => {
    const csv = buildLeadsCsv([lead()], now);
    const [, line] = csv.split('\r\n');
    expect(line).toBe(
      [
        '7',
        '15-01-2026 12:30',
        'Mensaje de contacto',
        'Nuevo',
        'Vencida hace 45 días 20 h',
        '16-01-2026 12:30',
        '',
        'Camila Rojas',
        'camila@example.cl',
        `'+56 9 8123 4567`,
        '',
        'Hola',
        'Asunto: Información de compra',
        '',
        '',
        '',
        '',
        '',
        '',
      ].join(';'),
    );
  });

  it('ends each line with its owner, "Responsable"', () => {
    const [, owned] = buildLeadsCsv([lead({ owner: 'Ana Pérez' })], now).split('\r\n');
    expect(owned?.endsWith(';Ana Pérez')).toBe(true);
    const [, nobody] = buildLeadsCsv([lead({ owner: null })], now).split('\r\n');
    expect(nobody?.endsWith(';')).toBe(true);
  });

  it('puts where the visit began before the owner, when the lead carries it', () => {
    const csv = buildLeadsCsv(
      [
        lead({
          origin: {
            source: 'Facebook',
            medium: 'cpc',
            campaign: '=verano;2026',
            landingPage: '/vehicles/3?utm_source=facebook',
            referrerHost: 'l.facebook.com',
          },
        }),
      ],
      now,
    );
    const [, line] = csv.split('\r\n');
    expect(
      line?.endsWith(`;Facebook;cpc;"'=verano;2026";/vehicles/3?utm_source=facebook;l.facebook.com;`),
    ).toBe(true);
  });

  it('uses Chile winter time (UTC−4) in winter and says when the first contact was', () => {
    const csv = buildLeadsCsv(
      [
        lead({
          status: 'contactado',
          createdAt: new Date('2026-07-15T15:30:00Z'),
          dueAt: new Date('2026-07-16T15:30:00Z'),
          firstContactAt: new Date('2026-07-15T18:00:00Z'),
          details: [
            { label: 'Plazo', value: '36 meses' },
            { label: 'Pie', value: '$4.000.000' },
          ],
        }),
      ],
      now,
    );
    const cells = csv.split('\r\n')[1]?.split(';');
    expect(cells?.[1]).toBe('15-07-2026 11:30');
    expect(cells?.[3]).toBe('Contactado');
    expect(cells?.[4]).toBe('Contactada en 2 h 30 min');
    expect(cells?.[6]).toBe('15-07-2026 14:00');
    expect(cells?.[12]).toBe('Plazo: 36 meses | Pie: $4.000.000');
  });

  it('keeps a name with quotes and a line break in one cell', () => {
    const csv = buildLeadsCsv([lead({ name: 'Ana "La Jefa"\nPérez', message: null })], now);
    expect(csv).toContain(';"Ana ""La Jefa""\nPérez";');
    expect(csv.split('\r\n')).toHaveLength(3);
  });
});

describe('csvLine and the file name', () => {
  it('ends every line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a;1;\r\n');
  });
  it('dates the file name', () => {
    expect(leadsCsvFileName('2026-03-03')).toBe('solicitudes-2026-03-03.csv');
  });
});

describe('Chilean dates around the summer time changes', () => {
  it.each([
    ['2026-04-05T02:30:00Z', '04-04-2026 23:30'], // last half hour of summer time (UTC−3)
    ['2026-04-05T03:30:00Z', '04-04-2026 23:30'], // the same wall time again, winter time (UTC−4)
    ['2026-09-06T03:59:00Z', '05-09-2026 23:59'],
    ['2026-09-06T04:00:00Z', '06-09-2026 01:00'], // midnight is skipped
    ['2026-12-31T23:30:00Z', '31-12-2026 20:30'],
  ])('%s is %s in Chile', (instant, shown) => {
    expect(formatChileDateTime(instant)).toBe(shown);
  });

  it('gives the Chilean calendar day of an instant', () => {
    expect(chileDayKey('2026-01-15T02:30:00Z')).toBe('2026-01-14');
    expect(chileDayKey('2026-01-15T03:00:00Z')).toBe('2026-01-15');
  });

  it('reads the days typed in the filters', () => {
    expect(parseDayInput('2026-01-05')).toBe('2026-01-05');
    expect(parseDayInput('5-1-2026')).toBe('2026-01-05');
    expect(parseDayInput('05/01/2026')).toBe('2026-01-05');
    expect(parseDayInput('31-02-2026')).toBeNull();
    expect(parseDayInput('2026-13-01')).toBeNull();
    expect(parseDayInput('ayer')).toBeNull();
  });
});
