// Every e-mail of a rights request, in one place: what the person is told at each step (art. 11: in writing, to the
// address they gave) and what staff are told. Plain text; pure, so the wording is tested without a database.
import { RIGHT_LABELS, type Right } from '@contracts/rights.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { AGENCY_CLAIM_BUSINESS_DAYS } from '@domain/rights.ts';

export interface RightsMail {
  subject: string;
  text: string;
}

const rightName = (right: Right) => RIGHT_LABELS[right].toLowerCase();
const signed = (dealership: string) => ['', `Equipo de ${dealership}`];
const when = (date: Date) => formatChileLongDateTime(date);

export function confirmationMail(input: {
  right: Right;
  link: string;
  expiresAt: Date;
  dealership: string;
}): RightsMail {
  return {
    subject: `Confirma tu solicitud de ${rightName(input.right)} de datos personales`,
    text: [
      `Recibimos una solicitud de ${rightName(input.right)} de datos personales para este correo en el sitio de ${input.dealership}.`,
      '',
      'Para confirmarla, abre este enlace y presiona «Confirmar solicitud»:',
      input.link,
      '',
      `El enlace sirve una sola vez y vence el ${when(input.expiresAt)}. Tu solicitud queda recibida, y su plazo legal corre, desde que la confirmas.`,
      '',
      'Si no la pediste tú, ignora este correo: sin confirmación no hacemos nada.',
      ...signed(input.dealership),
    ].join('\n'),
  };
}

/** The consents link asked for on /derechos: the page it opens lists each consent with its withdrawal button. */
export function consentsLinkMail(input: { link: string; dealership: string }): RightsMail {
  return {
    subject: `El enlace a tus autorizaciones en ${input.dealership}`,
    text: [
      `Pediste en el sitio de ${input.dealership} el enlace para revisar tus autorizaciones.`,
      '',
      'En esta página ves cada autorización que nos diste (guardar tu situación socioeconómica, enviar tu solicitud a una institución, recibir ofertas), cuándo y con qué palabras, y la retiras con un botón:',
      input.link,
      '',
      'El enlace es personal: no lo reenvíes. Si no lo pediste tú, ignora este correo; nada cambia mientras no presiones un botón en esa página.',
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function noDataMail(input: { id: number; right: Right; dealership: string }): RightsMail {
  return {
    subject: `Tu solicitud de ${rightName(input.right)} (n.º ${input.id}): no tenemos datos tuyos`,
    text: [
      `Confirmaste tu solicitud de ${rightName(input.right)} de datos personales (n.º ${input.id}).`,
      '',
      `${input.dealership} no guarda datos personales asociados a este correo: no hay solicitudes ni consentimientos registrados con él. No hay nada que entregar, corregir o eliminar. Solo conservamos esta solicitud y sus correos, como constancia de la respuesta.`,
      '',
      'Si nos escribiste desde otro correo, vuelve a hacer la solicitud con ese correo.',
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function exportMail(input: {
  id: number;
  link: string;
  expiresAt: Date;
  dealership: string;
}): RightsMail {
  return {
    subject: `Tus datos personales están listos para descargar (solicitud n.º ${input.id})`,
    text: [
      `Respondemos tu solicitud n.º ${input.id}: en este enlace puedes descargar todo lo que ${input.dealership} guarda asociado a tu correo, en JSON y en CSV (formatos estructurados y de uso común):`,
      input.link,
      '',
      `El enlace es personal y vence el ${when(input.expiresAt)}. No lo reenvíes: quien lo tenga puede descargar tus datos.`,
      '',
      'El archivo incluye tus solicitudes, su origen, los correos que te enviamos o recibimos por ellas y su historial. Usamos estos datos para responder lo que nos pediste; los conservamos por el plazo que indica nuestra política de privacidad.',
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function acknowledgementMail(input: {
  id: number;
  right: Right;
  dueAt: Date;
  blockDueAt: Date | null;
  dealership: string;
}): RightsMail {
  return {
    subject: `Recibimos tu solicitud de ${rightName(input.right)} (n.º ${input.id})`,
    text: [
      `Tu solicitud de ${rightName(input.right)} de datos personales quedó recibida con el número ${input.id}.`,
      '',
      `Te responderemos por este medio a más tardar el ${when(input.dueAt)} (30 días corridos desde hoy, Ley 19.628 art. 11).`,
      ...(input.blockDueAt
        ? [
            '',
            `Pediste bloquear el tratamiento de tus datos mientras la resolvemos: te responderemos sobre el bloqueo a más tardar el ${when(input.blockDueAt)} (2 días hábiles).`,
          ]
        : []),
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function blockedMail(input: { id: number; dealership: string }): RightsMail {
  return {
    subject: `Bloqueamos el tratamiento de tus datos (solicitud n.º ${input.id})`,
    text: [
      `Atendimos tu pedido de bloqueo (solicitud n.º ${input.id}): desde ahora solo guardamos tus datos; no los usamos, modificamos ni entregamos a terceros mientras resolvemos tu solicitud.`,
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function unblockedMail(input: { id: number; reason: string; dealership: string }): RightsMail {
  return {
    subject: `Levantamos el bloqueo de tus datos (solicitud n.º ${input.id})`,
    text: [
      `Levantamos el bloqueo del tratamiento de tus datos (solicitud n.º ${input.id}) por este motivo:`,
      '',
      input.reason,
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function extendedMail(input: {
  id: number;
  right: Right;
  reason: string;
  dueAt: Date;
  dealership: string;
}): RightsMail {
  return {
    subject: `Prorrogamos el plazo de tu solicitud n.º ${input.id}`,
    text: [
      `Necesitamos más tiempo para responder tu solicitud de ${rightName(input.right)} (n.º ${input.id}), por este motivo:`,
      '',
      input.reason,
      '',
      `Usamos la única prórroga que permite la ley (Ley 19.628 art. 11): te responderemos a más tardar el ${when(input.dueAt)}.`,
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function refusedMail(input: {
  id: number;
  right: Right;
  reasons: string;
  dealership: string;
}): RightsMail {
  return {
    subject: `Respuesta a tu solicitud de ${rightName(input.right)} (n.º ${input.id})`,
    text: [
      `No podemos acoger tu solicitud de ${rightName(input.right)} de datos personales (n.º ${input.id}), por estos motivos:`,
      '',
      input.reasons,
      '',
      `Si no estás de acuerdo, dispones de un plazo de ${AGENCY_CLAIM_BUSINESS_DAYS} días hábiles desde que recibes esta respuesta para formular una reclamación ante la Agencia de Protección de Datos Personales (Ley 19.628 arts. 11 y 41).`,
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function completedMail(input: {
  id: number;
  right: Right;
  note: string;
  dealership: string;
}): RightsMail {
  return {
    subject: `Atendimos tu solicitud de ${rightName(input.right)} (n.º ${input.id})`,
    text: [
      `Atendimos tu solicitud de ${rightName(input.right)} de datos personales (n.º ${input.id}):`,
      '',
      input.note,
      ...signed(input.dealership),
    ].join('\n'),
  };
}

export function staffNoticeMail(input: {
  id: number;
  right: Right;
  email: string;
  dueAt: Date;
  blockDueAt: Date | null;
  link: string;
}): RightsMail {
  return {
    subject: `Nueva solicitud de ${rightName(input.right)} de datos personales (n.º ${input.id})`,
    text: [
      `${input.email} confirmó una solicitud de ${rightName(input.right)} de datos personales.`,
      '',
      `Plazo legal de respuesta: ${when(input.dueAt)}.`,
      ...(input.blockDueAt
        ? [
            `Pidió bloquear el tratamiento: hay que responder el bloqueo a más tardar el ${when(input.blockDueAt)}.`,
          ]
        : []),
      '',
      `Ver la solicitud: ${input.link}`,
    ].join('\n'),
  };
}

export function staffReminderMail(input: {
  id: number;
  right: Right;
  email: string;
  dueAt: Date;
  clock: 'respuesta' | 'bloqueo';
  link: string;
}): RightsMail {
  const what = input.clock === 'bloqueo' ? 'el bloqueo pedido' : 'la respuesta';
  return {
    subject: `Recordatorio: la solicitud de ${rightName(input.right)} n.º ${input.id} vence el ${formatChileLongDateTime(input.dueAt)}`,
    text: [
      `Queda un cuarto del plazo legal para ${what} de la solicitud n.º ${input.id} (${input.email}). Vence el ${when(input.dueAt)}.`,
      '',
      `Ver la solicitud: ${input.link}`,
    ].join('\n'),
  };
}
