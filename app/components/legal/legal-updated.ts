/** Date of the current wording of /terminos and /privacidad; change it whenever their text changes. */
export const LEGAL_UPDATED = '25 de noviembre de 2026';
