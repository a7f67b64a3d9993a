/** '8 segundos', '1 minuto', '5 minutos': a wait in words, rounded up to what the reader has to wait at least. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'segundo' : 'segundos'}`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
}

/** The refusal of a throttled back office sign-in (HTTP 429), with its Retry-After in words. */
export function signInWaitText(seconds: number): string {
  return `Demasiados intentos fallidos de inicio de sesión. Espera ${waitInWords(seconds)} y vuelve a intentarlo.`;
}
