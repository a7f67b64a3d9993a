import type { Dealership } from '@contracts/dealership';
import { directCreditDownPaymentText } from '@domain/credit';
import { Link } from 'react-router';
import type { LegalSection } from './legal-page';

export function termsSections(d: Dealership): LegalSection[] {
  const mail = <a href={`mailto:${d.email}`}>{d.email}</a>;
  return [
    {
      id: 'aceptacion',
      title: 'Quiénes somos y aceptación',
      body: (
        <p>
          Este sitio pertenece a <strong>{d.legalName}</strong> ({d.name}). Al usarlo aceptas estos términos.
          Si no estás de acuerdo con ellos, te pedimos no usar el sitio; siempre puedes atenderte por teléfono
          o en nuestras sedes.
        </p>
      ),
    },
    {
      id: 'uso',
      title: 'Uso del sitio',
      body: (
        <ul>
          <li>El sitio es informativo: muestra nuestro stock y te permite enviarnos solicitudes.</li>
          <li>
            Te comprometes a entregar datos verdaderos y a no usar el sitio para fines ilícitos, enviar
            solicitudes falsas o masivas, ni intentar afectar su funcionamiento.
          </li>
          <li>Enviar un formulario no crea una cuenta ni un contrato: es una solicitud de contacto.</li>
        </ul>
      ),
    },
    {
      id: 'vehiculos',
      title: 'Vehículos, precios y disponibilidad',
      body: (
        <ul>
          <li>
            Los precios están en pesos chilenos y <strong>están sujetos a confirmación</strong>. No incluyen
            gastos de transferencia, inscripción ni otros costos que se informan antes de la compra.
          </li>
          <li>
            La disponibilidad también se confirma al contactarte: un vehículo puede venderse antes de que
            actualicemos el sitio. Enviar una consulta no reserva el vehículo.
          </li>
          <li>
            Las fotos, el kilometraje y las características son referenciales; te invitamos a revisar el
            vehículo y su documentación antes de comprar.
          </li>
        </ul>
      ),
    },
    {
      id: 'financiamiento',
      title: 'Financiamiento',
      body: (
        <ul>
          <li>
            Todo crédito está <strong>sujeto a evaluación y aprobación</strong> de la institución financiera
            o, en el crédito directo, de {d.name}. Las cuotas, tasas y montos que conversemos son
            referenciales hasta esa aprobación.
          </li>
          <li>
            El crédito directo tiene requisitos propios (
            {directCreditDownPaymentText(d.financing).toLowerCase()}, acreditación de ingresos, domicilio y
            cédula vigente), que detallamos en la página de <Link to="/financing">financiamiento</Link>.
          </li>
          <li>«Financiamos hasta el 100% del valor» depende de la evaluación de cada cliente.</li>
        </ul>
      ),
    },
    {
      id: 'seguros-compra',
      title: 'Seguros y compra de tu auto',
      body: (
        <ul>
          <li>
            Las cotizaciones de seguros las emiten las compañías aseguradoras; la cobertura es la que indique
            cada póliza.
          </li>
          <li>
            La tasación que te damos con el formulario de «Compramos tu auto» es referencial hasta la
            evaluación técnica del vehículo y la revisión de sus papeles. El pago se hace una vez firmada la
            transferencia.
          </li>
        </ul>
      ),
    },
    {
      id: 'consumidor',
      title: 'Tus derechos como consumidor',
      body: (
        <p>
          Nada en estos términos limita los derechos que te otorga la Ley 19.496 sobre Protección de los
          Derechos de los Consumidores, incluida la garantía legal cuando corresponda.
        </p>
      ),
    },
    {
      id: 'propiedad',
      title: 'Contenido y enlaces externos',
      body: (
        <p>
          Los textos, fotos y diseño del sitio pertenecen a {d.legalName} o se usan con autorización. Los
          enlaces a WhatsApp, redes sociales y mapas llevan a servicios de terceros, con sus propios términos,
          de los que no somos responsables.
        </p>
      ),
    },
    {
      id: 'datos',
      title: 'Datos personales',
      body: (
        <p>
          Tratamos los datos que nos envías según nuestra <Link to="/privacidad">política de privacidad</Link>
          .
        </p>
      ),
    },
    {
      id: 'contacto',
      title: 'Ley aplicable y contacto',
      body: (
        <p>
          Estos términos se rigen por las leyes de Chile. Si tienes dudas o un reclamo, escríbenos a {mail} o
          visita nuestra página de <Link to="/contact">contacto</Link>; podemos actualizar estos términos y
          publicaremos siempre la versión vigente aquí.
        </p>
      ),
    },
  ];
}
