import { SwitchCard } from './switch-card';

/** 'Avisos por correo' of 'Mi cuenta': the member's own switch of the e-mails about new leads (issue 21). */
export function LeadEmailsForm({ on, seller }: { on: boolean; seller: boolean }) {
  return (
    <SwitchCard
      title="Avisos por correo"
      endpoint="/admin/api/cuenta/avisos"
      field="correoSolicitudes"
      checked={on}
      label="Avisarme por correo de las solicitudes nuevas"
      help={
        seller
          ? 'Recibes un correo cuando te asignan una solicitud y cuando llega una sin asignar, con sus datos y el enlace para abrirla.'
          : 'Recibes un correo cuando te asignan una solicitud, con sus datos y el enlace para abrirla.'
      }
      saveLabel="Guardar avisos"
      success={(on) =>
        on
          ? 'Listo: te avisaremos por correo de las solicitudes nuevas.'
          : 'Listo: ya no recibirás avisos de solicitudes por correo.'
      }
    />
  );
}
