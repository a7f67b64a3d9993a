/** What PUT /admin/api/sitio answers that the form tells. */
export interface SettingsSaved {
  version: number;
  politica: { version: number; publicada: boolean } | null;
}

/** What a save changed: the settings version, and the privacy policy version it published, if any. */
export function savedSentence(shown: number, saved: SettingsSaved): string {
  if (saved.version === shown) return 'No había cambios que guardar.';
  const policy = saved.politica?.publicada
    ? ` Se publicó la versión ${saved.politica.version} de la política de privacidad.`
    : '';
  return `Se guardó la versión ${saved.version}. El sitio ya la muestra.${policy}`;
}
