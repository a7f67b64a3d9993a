// The e-mail of alerts (issue 33, ADR 0039): the new matches of one person, each with its photo (from the site's own
// /media, the only image the message names), price, "Cuota desde" with its CAE as the site shows it everywhere
// (AdvertisedCuota), and its link. A plain-text part with the same content, the link to the person's alerts, the
// consents footer, and the one-click unsubscribe headers (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post).
// Pure: the wording is tested without a database.
import type { InstallmentFrom } from '@contracts/listing.ts';
import { formatPercent, formatPrice } from '@domain/format.ts';
import { mediaPath, variantWidths } from '@domain/media.ts';
import { escapeHtml } from '../email/escape-html.ts';
import { withPrivacyFooter } from '../privacy/privacy-footer.ts';

export interface AlertVehicle {
  id: number;
  name: string;
  year: number;
  price: number;
  /** The price before, for a decrease. */
  previousPrice: number | null;
  reason: 'nuevo' | 'baja' | 'favorito';
  image: { hash: string; width: number; height: number } | null;
  installmentFrom: InstallmentFrom | null;
}

export interface AlertMailInput {
  dealership: string;
  publicUrl: string;
  secret: string;
  email: string;
  vehicles: AlertVehicle[];
  /** The signed links of the person's alerts page and of the one-click unsubscribe. */
  manageLink: string;
  unsubscribeLink: string;
  /** The digest's id: its links say so (utm_campaign=alerta-N), so a request they lead to is counted. */
  digestId: number;
}

/** The mark on an alert's links: the source of the visit, as the requests record it (domain/attribution.ts). */
export const ALERT_SOURCE = 'alertas';

export function alertLink(publicUrl: string, vehicleId: number, digestId: number): string {
  const params = new URLSearchParams({
    utm_source: ALERT_SOURCE,
    utm_medium: 'email',
    utm_campaign: `alerta-${digestId}`,
  });
  return `${publicUrl}/vehicles/${vehicleId}?${params}`;
}

/** The cuota as the site writes it: never without its CAE (ADR 0034). */
export function cuotaLines(value: InstallmentFrom | null): string[] {
  if (!value || !Number.isFinite(value.caePercent) || !Number.isFinite(value.installment)) return [];
  return [
    `Cuota desde ${formatPrice(value.installment)}/mes`,
    `CAE ${formatPercent(value.caePercent)} · ${value.term} cuotas · pie ${formatPercent(value.downPaymentPercent, 0)}`,
    `${value.typeLabel}${value.restriction ? ` · ${value.restriction}` : ''}`,
  ];
}

const WHY: Record<AlertVehicle['reason'], string> = {
  nuevo: 'Llegó',
  baja: 'Bajó de precio',
  favorito: 'Tu favorito bajó de precio',
};

function priceLine(vehicle: AlertVehicle): string {
  return vehicle.previousPrice !== null && vehicle.previousPrice > vehicle.price
    ? `${formatPrice(vehicle.price)} (antes ${formatPrice(vehicle.previousPrice)})`
    : formatPrice(vehicle.price);
}

/** A width of the photo that exists (variantWidths) and suits a 280 px column on a retina screen. */
function photoUrl(publicUrl: string, image: NonNullable<AlertVehicle['image']>) {
  const widths = variantWidths(image.width);
  const width = widths.find((w) => w >= 560) ?? widths[widths.length - 1] ?? image.width;
  return `${publicUrl}${mediaPath(image.hash, width, 'jpeg')}`;
}

export function alertMail(input: AlertMailInput) {
  const { vehicles, dealership } = input;
  const count = vehicles.length;
  const subject =
    count === 1
      ? `${vehicles[0]?.name ?? 'Un auto'} ${vehicles[0]?.year ?? ''}: calza con tu alerta`.replace(' :', ':')
      : `${count} autos calzan con tus alertas en ${dealership}`;
  const intro =
    count === 1 ? 'Hay un auto que calza con tu alerta:' : `Hay ${count} autos que calzan con tus alertas:`;
  const text = [
    intro,
    '',
    ...vehicles.flatMap((vehicle) => [
      `${WHY[vehicle.reason]}: ${vehicle.name} ${vehicle.year}`,
      `Precio: ${priceLine(vehicle)}`,
      ...cuotaLines(vehicle.installmentFrom),
      `Ver el auto: ${alertLink(input.publicUrl, vehicle.id, input.digestId)}`,
      '',
    ]),
    'Te escribimos como máximo una vez al día.',
    `Ver o eliminar tus alertas, o darte de baja de todas: ${input.manageLink}`,
    '',
    `Equipo de ${dealership}`,
  ].join('\n');

  const cell = 'padding:12px 0;border-bottom:1px solid #e2e8f0;vertical-align:top';
  const rows = vehicles
    .map((vehicle) => {
      const link = escapeHtml(alertLink(input.publicUrl, vehicle.id, input.digestId));
      const photo = vehicle.image
        ? `<a href="${link}"><img src="${escapeHtml(photoUrl(input.publicUrl, vehicle.image))}" width="280" height="${Math.round((vehicle.image.height * 280) / vehicle.image.width)}" alt="${escapeHtml(`${vehicle.name} ${vehicle.year}`)}" style="display:block;border:0;border-radius:8px;max-width:100%;height:auto"></a>`
        : '';
      const cuota = cuotaLines(vehicle.installmentFrom)
        .map((line) => `<br><span style="color:#475569;font-size:13px">${escapeHtml(line)}</span>`)
        .join('');
      return (
        `<tr><td style="${cell}">${photo}` +
        `<p style="margin:8px 0 0;color:#0f766e;font-size:13px;font-weight:bold">${escapeHtml(WHY[vehicle.reason])}</p>` +
        `<p style="margin:4px 0 0;font-size:17px;font-weight:bold"><a href="${link}" style="color:#0f172a">${escapeHtml(`${vehicle.name} ${vehicle.year}`)}</a></p>` +
        `<p style="margin:4px 0 0;font-size:16px">${escapeHtml(priceLine(vehicle))}${cuota}</p>` +
        `<p style="margin:8px 0 0"><a href="${link}" style="color:#1d4ed8;font-weight:bold">Ver el auto</a></p>` +
        `</td></tr>`
      );
    })
    .join('');
  const html =
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#ffffff">` +
    `<p style="font-size:16px">${escapeHtml(intro)}</p>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px">${rows}</table>` +
    `<p style="color:#475569;font-size:13px">Te escribimos como máximo una vez al día. ` +
    `<a href="${escapeHtml(input.manageLink)}">Ver o eliminar tus alertas, o darte de baja</a></p>` +
    `<p>Equipo de ${escapeHtml(dealership)}</p></body></html>`;
  const mail = withPrivacyFooter(
    { subject, text, html },
    { publicUrl: input.publicUrl, secret: input.secret, email: input.email },
  );
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
