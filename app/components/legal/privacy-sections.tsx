import type { Dealership } from '@contracts/dealership';
import { Link } from 'react-router';
import type { LegalSection } from './legal-page';

/** What each form of the site collects and why (docs/product.md: privacy page under Ley 19.628 / 21.719). */
const FORMS = [
  {
    name: 'Contacto',
    data: 'nombre, correo, teléfono, asunto y mensaje',
    purpose: 'responder tu consulta',
  },
  {
    name: 'Consulta por un vehículo',
    data: 'nombre, correo, teléfono (opcional), mensaje y el vehículo que te interesa',
    purpose: 'darte información sobre ese vehículo y coordinar una visita o prueba de manejo',
  },
  {
    name: 'Solicitud de financiamiento',
    data: 'nombre, teléfono, correo, tipo de crédito, valor aproximado del vehículo, pie (opcional), plazo, tipo de ingresos y comentarios (opcionales)',
    purpose:
      'evaluar contigo las alternativas de crédito y preparar la solicitud ante la institución financiera',
  },
  {
    name: 'Cotización de seguros',
    data: 'nombre, correo, teléfono, marca, modelo y año del vehículo, tipo de seguro y comentarios',
    purpose: 'pedir cotizaciones a las compañías de seguros y enviártelas',
  },
  {
    name: 'Compramos tu auto',
    data: 'nombre, teléfono, correo, marca, modelo, año, kilometraje, color y estado del vehículo, comentarios y hasta 5 fotos',
    purpose: 'tasar tu vehículo y hacerte una oferta de compra',
  },
  {
    name: 'Asesoría comercial',
    data: 'nombre, teléfono, correo, área de asesoría, tipo de cliente, fecha preferida, situación financiera (opcional) y comentarios',
    purpose: 'agendar y preparar la asesoría que pediste',
  },
] as const;

export function privacySections(d: Dealership): LegalSection[] {
  const main = d.addresses[0];
  const mail = <a href={`mailto:${d.email}`}>{d.email}</a>;
  return [
    {
      id: 'responsable',
      title: 'Quién es responsable de tus datos',
      body: (
        <p>
          El responsable del tratamiento es <strong>{d.legalName}</strong> ({d.name})
          {main ? `, con domicilio en ${main.street}, ${main.commune}, ${main.city}` : ''}. Para cualquier
          consulta sobre tus datos personales escríbenos a {mail}.
        </p>
      ),
    },
    {
      id: 'datos',
      title: 'Qué datos recogemos y para qué',
      body: (
        <>
          <p>
            Solo recogemos lo que tú escribes en nuestros formularios, y lo usamos únicamente para atender tu
            solicitud:
          </p>
          <ul>
            {FORMS.map((form) => (
              <li key={form.name}>
                <strong>{form.name}:</strong> {form.data}. Para {form.purpose}.
              </li>
            ))}
          </ul>
          <p>
            Junto a cada solicitud guardamos la página desde la que la enviaste y una huella cifrada (hash) de
            tu dirección IP, que no permite recuperar la dirección y solo sirve para limitar envíos abusivos.
          </p>
          <p>
            También guardamos con tu solicitud <strong>cómo llegaste al sitio</strong> en esa visita: la
            primera página que abriste, el nombre del sitio que te trajo (por ejemplo, un buscador o una red
            social, sin la dirección completa) y, si el enlace los traía, los datos de la campaña (fuente,
            medio y nombre, los parámetros «utm»). Tu navegador los anota en esa pestaña mientras navegas y
            solo nos llegan si envías un formulario; si no envías nada, no recibimos ni guardamos nada de
            esto. Nos sirve para saber qué avisos y sitios nos traen clientes.
          </p>
          <p>
            Además contamos cuántas veces se abre la página de cada vehículo por día, para saber qué autos
            interesan más. Ese conteo es anónimo: solo guardamos el vehículo, el día y el total de visitas,
            sin tu IP, tu navegador ni ningún dato que permita saber quién la visitó.
          </p>
        </>
      ),
    },
    {
      id: 'base-legal',
      title: 'Base legal',
      body: (
        <p>
          Tratamos tus datos con tu consentimiento, que das al enviar un formulario, y para tomar las medidas
          precontractuales que nos pides (cotizar, tasar, evaluar un crédito), conforme a la Ley 19.628 sobre
          Protección de la Vida Privada y, desde el 1 de diciembre de 2026, a la Ley 21.719. La huella de la
          IP se trata por nuestro interés legítimo en proteger el sitio. Puedes retirar tu consentimiento en
          cualquier momento escribiendo a {mail}.
        </p>
      ),
    },
    {
      id: 'conservacion',
      title: 'Cuánto tiempo los guardamos',
      body: (
        <ul>
          <li>
            Solicitudes y mensajes, con el origen de la visita que las envió: 24 meses desde nuestro último
            contacto contigo; después se eliminan.
          </li>
          <li>Fotos enviadas para una tasación: 12 meses; después se eliminan.</li>
          <li>
            Si compras o nos vendes un vehículo, los documentos de la operación se guardan durante los plazos
            que exige la ley tributaria y comercial.
          </li>
        </ul>
      ),
    },
    {
      id: 'destinatarios',
      title: 'Con quién los compartimos',
      body: (
        <>
          <p>
            <strong>No vendemos ni arrendamos tus datos</strong>, ni los usamos para publicidad de terceros.
          </p>
          <ul>
            <li>
              Si pides financiamiento o un seguro, y solo con tu autorización, enviamos los datos necesarios a
              la institución financiera o compañía de seguros que evaluará tu solicitud.
            </li>
            <li>
              Proveedores que nos prestan servicios (alojamiento del sitio y envío de correo) acceden a ellos
              solo para ese fin y bajo deber de confidencialidad.
            </li>
            <li>Autoridades, cuando la ley nos obligue.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'derechos',
      title: 'Tus derechos y cómo ejercerlos',
      body: (
        <>
          <p>
            Puedes pedir en cualquier momento el <strong>acceso</strong> a tus datos, su{' '}
            <strong>rectificación</strong>, su <strong>supresión</strong>, oponerte a su tratamiento y, con la
            Ley 21.719, pedir su <strong>portabilidad</strong> (una copia en un formato de uso común) y el
            bloqueo temporal.
          </p>
          <p>
            Escríbenos a {mail} con el asunto «Datos personales», indicando tu nombre y el correo o teléfono
            con que nos escribiste. Te responderemos dentro de los plazos legales y sin costo. Si no quedas
            conforme, puedes recurrir a la Agencia de Protección de Datos Personales (desde el 1 de diciembre
            de 2026) o a los tribunales de justicia.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>Este sitio no usa cookies de publicidad ni de analítica, y no carga rastreadores de terceros.</p>
          <p>
            El origen de tu visita (ver «Qué datos recogemos») se anota en el almacenamiento de sesión de tu
            navegador, no en una cookie: se borra al cerrar la pestaña y no se envía en cada página.
          </p>
          <ul>
            <li>
              <strong>csrftoken</strong>: se crea cuando envías un formulario y protege el envío contra
              falsificaciones. Es imprescindible para que el formulario funcione.
            </li>
            <li>
              <strong>Sesión del personal</strong>: solo para el equipo de {d.name} que ingresa al panel
              interno.
            </li>
          </ul>
          <p>
            El mapa de la página de <Link to="/contact">contacto</Link> se carga desde un proveedor externo
            solo si pulsas «Ver mapa». Los enlaces a WhatsApp y a redes sociales te llevan a servicios de
            terceros con sus propias políticas.
          </p>
        </>
      ),
    },
    {
      id: 'seguridad',
      title: 'Seguridad y menores de edad',
      body: (
        <p>
          Protegemos tus datos con conexiones cifradas y acceso restringido al personal que atiende tu
          solicitud. Nuestros servicios están dirigidos a personas mayores de 18 años; no recogemos a
          sabiendas datos de menores de edad.
        </p>
      ),
    },
    {
      id: 'cambios',
      title: 'Cambios a esta política',
      body: (
        <p>
          Si cambiamos esta política publicaremos la nueva versión en esta página, con su fecha de
          actualización. Revisa también nuestros <Link to="/terminos">términos y condiciones</Link>.
        </p>
      ),
    },
  ];
}
