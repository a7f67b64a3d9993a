// Phone numbers as staff use them: to call, to write on WhatsApp, to search. Chilean numbers only carry +56.

/** The digits of a phone without the Chilean country code: '+56 9 8123 4567' → '981234567'. */
export function localPhoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('56') && digits.length > 9 ? digits.slice(2) : digits;
}

/** tel: link with the full international number. */
export function telHref(phone: string): string {
  const local = localPhoneDigits(phone);
  return local.length === 9 ? `tel:+56${local}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A wa.me link for Chilean mobiles (9 digits starting with 9); null for landlines and unknown formats. */
export function whatsappHref(phone: string, text: string): string | null {
  const local = localPhoneDigits(phone);
  if (!/^9\d{8}$/.test(local)) return null;
  return `https://wa.me/56${local}?text=${encodeURIComponent(text)}`;
}

/**
 * The digits to look for when a search looks like a phone number (digits and + ( ) - . spaces only), in local form:
 * '+56 9 8123' → '98123'. Fewer than 3 digits, or any letter, is not a phone search (null).
 */
export function phoneSearchDigits(query: string): string | null {
  if (!/^[\d\s+().-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  const local =
    /^\s*\+\s*56/.test(query) || (digits.startsWith('56') && digits.length > 9) ? digits.slice(2) : digits;
  return local.length >= 3 ? local : null;
}
