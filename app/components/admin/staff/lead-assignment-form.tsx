import type { LeadAssignmentSettings } from '@contracts/admin-leads';
import { SwitchCard } from './switch-card';

/** The admin's switch of round-robin: new leads given in turn to the active 'ventas' accounts (ADR 0023). */
export function LeadAssignmentForm({
  settings,
  sellers,
}: {
  settings: LeadAssignmentSettings;
  sellers: number;
}) {
  return (
    <SwitchCard
      title="Reparto de solicitudes"
      endpoint="/admin/api/asignacion"
      field="turnos"
      checked={settings.turnos}
      label="Asignar las solicitudes nuevas por turnos"
      help={
        <>
          Cada solicitud que llega queda a cargo del siguiente vendedor activo (rol Ventas), en orden. Las
          cuentas desactivadas no reciben solicitudes.{' '}
          {sellers === 0 ? 'Hoy no hay vendedores activos.' : null}
        </>
      }
      saveLabel="Guardar reparto"
      success={(on) =>
        on
          ? 'Listo: las solicitudes nuevas se repartirán por turnos.'
          : 'Listo: las solicitudes nuevas llegarán sin asignar.'
      }
    />
  );
}
