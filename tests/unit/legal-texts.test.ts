// The terms and privacy texts the dealership edits (ADR 0025, "Legal texts"): the contract's Markdown subset with its
// Spanish refusals, and the server's renderer, which keeps to the same subset even for a text that skipped the contract.
import type { Dealership } from '@contracts/dealership.ts';
import { LegalTextsSchema, missingPrivacyPlaceholders } from '@contracts/legal-texts.ts';
import {
  fillLegalPlaceholders,
  legalPlaceholderValues,
  retentionSentence,
} from '@domain/legal-placeholders.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { defaultLegalTexts, LEGAL_UPDATED } from '@server/config/default-legal-texts.ts';
import { describe, expect, it } from 'vitest';
import { legalDate, renderLegalText } from '~/lib/legal-text.server';

const withTerms = (terms: string) => LegalTextsSchema.safeParse({ ...defaultLegalTexts, terms });
const termsError = (terms: string) => {
  const result = withTerms(terms);
  expect(result.success, terms).toBe(false);
  return result.error?.issues[0]?.message ?? '';
};

describe('LegalTextsSchema', () => {
  it('accepts the default texts, and the default date is the current wording’s', () => {
    expect(LegalTextsSchema.parse(defaultLegalTexts)).toEqual(defaultLegalTexts);
    expect(defaultLegalTexts.updated).toBe(LEGAL_UPDATED);
  });

  it('accepts every construct of the subset', () => {
    const text = [
      '## Sección',
      'Un párrafo con **negrita**, *cursiva* y {nombre} ({razonSocial}), {correo}, {telefono}, {direccion}.',
      '### Subtítulo',
      '- uno',
      '- dos',
      '',
      '1. primero',
      '2. segundo',
      '',
      'Enlaces: [web](https://ejemplo.cl/a?b=1&c=2), [correo](mailto:hola@ejemplo.cl), [página](/financing).',
      'Un {pieCreditoDirecto} y una llave { sola.',
    ].join('\n');
    expect(withTerms(text).success).toBe(true);
  });

  it('refuses an unknown placeholder, naming it and the ones that exist', () => {
    expect(termsError('## Hola\n\nSomos {foo}.')).toBe(
      'El texto de los términos usa {foo}, que no existe. Usa {nombre}, {razonSocial}, {correo}, {telefono}, {direccion}, {pieCreditoDirecto}, {financiamientoMaximo}, {plazosConservacion}, {instituciones}, {aseguradoras} o {paginaDerechos}.',
    );
    expect(termsError('Hola {Nombre}')).toContain('usa {Nombre}, que no existe');
  });

  it('refuses raw HTML', () => {
    expect(termsError('Hola <script>alert(1)</script>')).toBe(
      'El texto de los términos no admite etiquetas HTML como «<script>». Usa solo el formato permitido: ## títulos, listas, **negrita**, *cursiva* y enlaces.',
    );
    expect(termsError('<img src=x onerror=alert(1)>')).toContain('no admite etiquetas HTML');
    expect(termsError('texto </p> más')).toContain('«</p>»');
    expect(termsError('<!-- nota -->')).toContain('no admite etiquetas HTML');
    // A lone "<" is text.
    expect(withTerms('Si el pie es < 20% se evalúa aparte.').success).toBe(true);
  });

  it('refuses links other than https, http, mailto and pages of the site', () => {
    for (const target of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hola',
      'vbscript:msgbox(1)',
      '//otro-sitio.cl',
      '/\\otro-sitio.cl',
      'ftp://ejemplo.cl',
      'https://',
      '&#106;avascript:alert(1)',
      'https://ejemplo.cl/&#x2F;',
      'pagina-relativa',
    ]) {
      const message = termsError(`Ver [aquí](${target}).`);
      expect(message, target).toContain('no está permitido en el texto de los términos');
      expect(message, target).toContain('https://, mailto: o /');
    }
    expect(termsError('[x](javascript:alert(1))')).toBe(
      'El enlace «javascript:alert(1» no está permitido en el texto de los términos. Un enlace debe empezar con https://, mailto: o / (una página del sitio).',
    );
  });

  it('refuses images, titles other than ## and ###, and empty titles', () => {
    expect(termsError('![logo](https://ejemplo.cl/logo.png)')).toContain('no admite imágenes');
    expect(termsError('# Título')).toContain('Usa ## para las secciones y ### para los subtítulos');
    expect(termsError('## Bien\n\n#### Muy hondo')).toContain('Usa ## para las secciones');
    expect(termsError('## Bien\n\n##\n\ntexto')).toContain('título vacío');
  });

  it('applies the text rule: required, at most 30 000 characters, no control characters', () => {
    expect(termsError('   ')).toBe('Ingresa el texto de los términos.');
    expect(termsError('a'.repeat(30_001))).toBe('El texto de los términos admite hasta 30000 caracteres.');
    expect(termsError('hola\u0007')).toContain('caracteres de control');
    expect(withTerms('a'.repeat(30_000)).success).toBe(true);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    for (const updated of ['25 de noviembre de 2026', '2026-02-30', '', 20261125]) {
      const result = LegalTextsSchema.safeParse({ ...defaultLegalTexts, updated });
      expect(result.error?.issues[0]?.message, String(updated)).toBe(
        'Ingresa la fecha de actualización como AAAA-MM-DD.',
      );
    }
  });

  it('names the privacy text in its own messages', () => {
    const result = LegalTextsSchema.safeParse({ ...defaultLegalTexts, privacy: '{bar}' });
    expect(result.error?.issues[0]?.path).toEqual(['privacy']);
    expect(result.error?.issues[0]?.message).toContain('El texto de la política de privacidad usa {bar}');
  });
});

describe('renderLegalText', () => {
  const dealership: Dealership = defaultDealership;

  it('turns each ## title into a numbered section with a stable, unique id', () => {
    const { lead, sections } = renderLegalText(
      'Antes de todo.\n\n## Base legal\n\nUno.\n\n## Base legal\n\nDos.\n\n## Contenido\n\n### Detalle\n\n#### Más',
      dealership,
    );
    expect(lead).toBe('<p>Antes de todo.</p>\n');
    expect(sections.map((s) => [s.id, s.title])).toEqual([
      ['base-legal', 'Base legal'],
      ['base-legal-2', 'Base legal'],
      // The layout's own id (the skip link's target) is never taken.
      ['contenido-2', 'Contenido'],
    ]);
    expect(sections[0]?.html).toBe('<p>Uno.</p>\n');
    expect(sections[2]?.html).toBe('<h3>Detalle</h3>\n<h3>Más</h3>\n');
  });

  it('renders the default texts with the sections of the pages before', () => {
    const terms = renderLegalText(defaultLegalTexts.terms, dealership);
    expect(terms.sections.map((s) => s.title)).toEqual([
      'Quiénes somos y aceptación',
      'Uso del sitio',
      'Vehículos, precios y disponibilidad',
      'Financiamiento',
      'Seguros y compra de tu auto',
      'Tus derechos como consumidor',
      'Contenido y enlaces externos',
      'Datos personales',
      'Ley aplicable y contacto',
    ]);
    expect(terms.sections[0]?.id).toBe('quienes-somos-y-aceptacion');
    expect(terms.sections[0]?.html).toContain(
      `<strong>${dealership.legalName}</strong> (${dealership.name})`,
    );
    const pie = dealership.financing.credits.directo.minDownPaymentPercent;
    expect(terms.sections[3]?.html).toContain(`(pie desde ${pie}% del valor del vehículo, acreditación`);
    expect(terms.sections[3]?.html).toContain('<a href="/financing">financiamiento</a>');
    const privacy = renderLegalText(defaultLegalTexts.privacy, dealership);
    expect(privacy.sections[0]?.html).toContain(
      'con domicilio en Av. Vicuña Mackenna 4120, San Joaquín, Santiago.',
    );
    expect(privacy.sections[0]?.html).toContain(
      '<li>escribirnos a <a href="mailto:contacto@automotoracordillera.cl">contacto@automotoracordillera.cl</a>;</li>',
    );
    expect(privacy.sections[0]?.html).toContain(
      '<li>usar <a href="/derechos">la página de derechos</a> de este sitio;</li>',
    );
    expect(privacy.sections[1]?.html).toContain(
      '<li><strong>Contacto:</strong> nombre, correo, teléfono, asunto y mensaje.</li>',
    );
  });

  it('escapes raw HTML: a <script> shows as its characters', () => {
    const { sections } = renderLegalText(
      '## A\n\n<script>alert(1)</script>\n\nx <b onclick="y">z</b>',
      dealership,
    );
    expect(sections[0]?.html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>x &lt;b onclick=&quot;y&quot;&gt;z&lt;/b&gt;</p>\n',
    );
  });

  it('neutralises a link the contract refuses, should one ever get through', () => {
    for (const target of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//otro-sitio.cl',
      '&#106;avascript:alert(1)',
      'java&#x09;script:alert(1)',
    ]) {
      const html = renderLegalText(`## A\n\n[x](${target})`, dealership).sections[0]?.html ?? '';
      expect(html, target).not.toContain('<a');
      expect(html, target).not.toMatch(/href/);
    }
    // Images, bare and angle-bracket links and code are not in the subset: they stay text (an image, a link).
    const other = renderLegalText(
      '## A\n\n![i](https://e.cl/i.png) <https://e.cl> `code` https://e.cl',
      dealership,
    );
    expect(other.sections[0]?.html).toBe(
      '<p>!<a href="https://e.cl/i.png" rel="noopener">i</a> &lt;https://e.cl&gt; `code` https://e.cl</p>\n',
    );
  });

  it('marks links to other sites noopener and leaves the site’s own and mailto links as they are', () => {
    const html =
      renderLegalText('## A\n\n[web](https://ejemplo.cl) [p](/contact) [m](mailto:a@b.cl)', dealership)
        .sections[0]?.html ?? '';
    expect(html).toContain('<a href="https://ejemplo.cl" rel="noopener">web</a>');
    expect(html).toContain('<a href="/contact">p</a>');
    expect(html).toContain('<a href="mailto:a@b.cl">m</a>');
  });

  it('substitutes placeholders with the current values, escaped; an unknown one stays as typed', () => {
    const hostile: Dealership = {
      ...dealership,
      name: 'Autos <b>Sur</b> & "Cía"',
      legalName: '<script>alert(1)</script> SpA',
    };
    const { sections } = renderLegalText(
      '## De {nombre}\n\n**{razonSocial}** en {direccion}, tel. {telefono}. [Escríbenos a {correo}](/contact). {desconocido}',
      hostile,
    );
    expect(sections[0]?.title).toBe('De Autos <b>Sur</b> & "Cía"');
    expect(sections[0]?.id).toBe('de-autos-b-sur-b-cia');
    expect(sections[0]?.html).toBe(
      '<p><strong>&lt;script&gt;alert(1)&lt;/script&gt; SpA</strong> en Av. Vicuña Mackenna 4120, San Joaquín, Santiago, tel. +56 2 2345 6789. ' +
        '<a href="/contact">Escríbenos a contacto@automotoracordillera.cl</a>. {desconocido}</p>\n',
    );
    // A placeholder's value is text, not Markdown.
    const starred = renderLegalText('{nombre}', { ...dealership, name: '**Autos** [x](javascript:1)' });
    expect(starred.lead).toBe('<p>**Autos** [x](javascript:1)</p>\n');
  });

  it('writes the date the Chilean way', () => {
    expect(legalDate(LEGAL_UPDATED)).toBe('25 de noviembre de 2026');
    expect(legalDate('2027-01-05')).toBe('5 de enero de 2027');
  });
});

describe('the default privacy policy (ADR 0031)', () => {
  const policy = renderLegalText(defaultLegalTexts.privacy, defaultDealership);
  const html = policy.sections.map((section) => section.html).join('\n');
  const section = (title: string) => policy.sections.find((s) => s.title === title)?.html ?? '';

  it('has a section for each item art. 14 ter asks the policy to say', () => {
    expect(policy.sections.map((s) => s.title)).toEqual([
      'Quién es responsable de tus datos', // b, c
      'Qué datos tratamos y de dónde vienen', // d (categories of data and of people), j
      'Para qué los usamos y con qué base legal', // d (purposes, bases)
      'Con quién los compartimos', // d (recipients)
      'Transferencias fuera de Chile', // h
      'Cuánto tiempo los guardamos', // i
      'Cómo los protegemos', // e
      'Tus derechos y cómo ejercerlos', // f, g
      'Cómo retirar tu consentimiento', // k
      'Decisiones automatizadas', // l
      'Cookies y almacenamiento en tu navegador',
      'Cambios a esta política', // a
    ]);
  });

  it('names a legal basis per purpose, and never makes sending a form a consent', () => {
    const purposes = section('Para qué los usamos y con qué base legal');
    for (const basis of [
      'artículo 13 letra c',
      'artículo 16',
      'artículo 15',
      'artículo 12',
      'artículo 13 letra d',
    ])
      expect(purposes).toContain(basis);
    expect(purposes).toContain('enviar un formulario no significa aceptarlos');
    expect(html).not.toMatch(/consentimiento,? que (das|otorgas) al enviar/i);
    expect(html).not.toMatch(/al enviar (un|el|este) formulario (das|otorgas|aceptas)/i);
  });

  it('takes periods, lenders and insurers from the settings', () => {
    expect(missingPrivacyPlaceholders(defaultLegalTexts.privacy)).toBeNull();
    expect(section('Cuánto tiempo los guardamos')).toContain(
      '6 meses para las solicitudes de financiamiento; 12 meses para los mensajes de contacto, las consultas por un vehículo, las cotizaciones de seguro, las solicitudes de «Compramos tu auto», las solicitudes de asesoría comercial y las pruebas de manejo; y 6 meses para las fotos de tu auto que envías en «Compramos tu auto».',
    );
    const recipients = section('Con quién los compartimos');
    expect(recipients).toContain(
      'Banco Cumbre Andina, Finanzas Litoral, Crédito Araucaria, Banco Horizonte Sur, Fondo Quillay y Mutual Pehuén.',
    );
    expect(recipients).toContain('Seguros Andes, Aseguradora del Pacífico y Protege Seguros.');
    const none = renderLegalText(defaultLegalTexts.privacy, {
      ...defaultDealership,
      privacy: { ...defaultDealership.privacy, insurers: [] },
    });
    expect(none.sections[3]?.html).toContain(
      'marcas la casilla que lo autoriza: por ahora ninguna, así que no enviamos tus datos a compañías de seguros.',
    );
  });

  it('tells how to complain to the Agencia, the security measures the product takes and that no decision is automated', () => {
    expect(section('Tus derechos y cómo ejercerlos')).toContain(
      'Desde ese rechazo tienes 30 días hábiles para reclamar ante la <strong>Agencia de Protección de Datos Personales</strong>.',
    );
    expect(section('Cómo los protegemos')).toContain('argon2id');
    expect(section('Transferencias fuera de Chile')).toContain('No enviamos tus datos a otros países.');
    expect(section('Decisiones automatizadas')).toContain(
      'No tomamos decisiones sobre ti de forma automatizada',
    );
  });
});

describe('missingPrivacyPlaceholders', () => {
  it('names what a privacy text leaves out of the placeholders it must have', () => {
    expect(missingPrivacyPlaceholders('{plazosConservacion} {instituciones} {aseguradoras}')).toBeNull();
    expect(missingPrivacyPlaceholders('{plazosConservacion} {aseguradoras}')).toBe(
      'El texto de la política de privacidad debe incluir {instituciones}, para que los plazos de conservación y las instituciones que publica sean siempre los de la configuración.',
    );
    expect(missingPrivacyPlaceholders('Guardamos todo 24 meses.')).toContain(
      'debe incluir {plazosConservacion}, {instituciones} y {aseguradoras},',
    );
  });
});

describe('fillLegalPlaceholders', () => {
  const values = legalPlaceholderValues(defaultDealership);
  const fill = (source: string) => fillLegalPlaceholders(source, values);

  it('writes the values into the Markdown, escaped, with the e-mail and the rights page as links', () => {
    expect(fill('Escríbenos a {correo} o usa {paginaDerechos}.')).toBe(
      'Escríbenos a [contacto@automotoracordillera.cl](mailto:contacto@automotoracordillera.cl) o usa [la página de derechos](/derechos).',
    );
    const odd = legalPlaceholderValues({
      ...defaultDealership,
      name: '1. **Autos** [x](javascript:1) {nombre}',
    });
    expect(fillLegalPlaceholders('{nombre}', odd)).toBe(
      '1\\. \\*\\*Autos\\*\\* \\[x\\]\\(javascript:1\\) \\{nombre\\}',
    );
  });

  it('leaves a placeholder in a link’s destination, an escaped one and an unknown one as typed; inside a link’s text it is no link', () => {
    expect(fill('[Escríbenos a {correo}](/contact)')).toBe(
      '[Escríbenos a contacto@automotoracordillera.cl](/contact)',
    );
    expect(fill('[x](mailto:{correo}) \\{nombre} {desconocido}')).toBe(
      '[x](mailto:{correo}) \\{nombre} {desconocido}',
    );
    expect(fill('[sin cerrar {nombre}')).toBe(`[sin cerrar ${defaultDealership.name}`);
  });

  it('writes the retention periods shortest first, each kind under its period, one month in the singular', () => {
    expect(
      retentionSentence({
        retentionMonths: {
          contacto: 1,
          vehiculo: 24,
          financiamiento: 1,
          seguro: 24,
          vendeauto: 24,
          asesoria: 24,
          prueba: 24,
        },
        photoRetentionMonths: 2,
        insurers: [],
      }),
    ).toBe(
      '1 mes para los mensajes de contacto y las solicitudes de financiamiento; 24 meses para las consultas por un vehículo, las cotizaciones de seguro, las solicitudes de «Compramos tu auto», las solicitudes de asesoría comercial y las pruebas de manejo; y 2 meses para las fotos de tu auto que envías en «Compramos tu auto»',
    );
  });
});
