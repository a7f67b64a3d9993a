// Placeholder (issue 4): the modal 'Solicitud de Asesoría Comercial'.
export function AdvisoryModal(_props: { open: boolean; onClose: () => void }) {
  return null;
}
