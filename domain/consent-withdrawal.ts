// What a person reads about their consents on the page their e-mails link to (ADR 0031, decision 4), and the exact
// sentence of each withdrawal button: the page shows it and the server stores the same words as the evidence of the
// withdrawal, so what was recorded is what the person pressed.
import type { ConsentPurpose } from '@contracts/lead-options.ts';

export interface PurposeText {
  /** What the consent lets the dealership do, in plain words. */
  title: string;
  /** What withdrawing it changes. */
  effect: string;
  /** The button that withdraws it. */
  button: string;
  /** What the page says once it is withdrawn. */
  done: string;
}

export const PURPOSE_TEXTS: Record<ConsentPurpose, PurposeText> = {
  datos_socioeconomicos: {
    title: 'Guardar tu situación socioeconómica (tu tipo de ingresos o tu situación financiera)',
    effect:
      'Si la retiras, borramos ese dato de todas tus solicitudes. Si aún quieres una evaluación de crédito, te lo preguntaremos por teléfono.',
    button: 'Retirar mi autorización para guardar mi situación socioeconómica',
    done: 'Listo: ya no guardamos tu situación socioeconómica y la borramos de tus solicitudes.',
  },
  cesion: {
    title: 'Enviar tu solicitud a instituciones financieras o aseguradoras',
    effect:
      'Si la retiras, no enviaremos tus solicitudes a nadie más. Lo que ya enviamos queda registrado: el retiro no tiene efecto hacia atrás.',
    button: 'Retirar mi autorización para enviar mis solicitudes a otras empresas',
    done: 'Listo: no enviaremos tus solicitudes a otras empresas.',
  },
  marketing: {
    title: 'Recibir ofertas y novedades por correo, teléfono o WhatsApp',
    effect:
      'Si la retiras, dejamos de enviarte ofertas y novedades. Seguiremos respondiendo tus solicitudes.',
    button: 'Retirar mi autorización para recibir ofertas y novedades',
    done: 'Listo: no te enviaremos más ofertas ni novedades.',
  },
};

/** The one button that withdraws every consent in force. */
export const WITHDRAW_ALL_BUTTON = 'Retirar todas mis autorizaciones';

/** Where a consent was given, as a sentence's end: 'en el formulario de Solicitud de financiamiento'. */
export function channelWords(channel: string, formLabel: string | null): string {
  if (channel === 'correo') return 'desde un enlace de correo';
  if (channel === 'derechos') return 'en la página de derechos';
  if (channel === 'alerta') return 'al confirmar una alerta por correo';
  return `en el formulario «${formLabel ?? channel}»`;
}

/** 'a***@example.cl': enough for the person to recognise their address, too little for anyone who sees the screen. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
