// Placeholder (issue 4): the modal 'Solicitud de Asesoría Financiera'.
export interface FinancingVehicle {
  id: number;
  name: string;
  year: number;
  price: number;
}

export function FinancingModal(_props: { open: boolean; onClose: () => void; vehicle?: FinancingVehicle }) {
  return null;
}
