import type { LegalTexts } from '@contracts/legal-texts.ts';

// The terms and privacy texts the product starts with, as Markdown the dealership edits in the back office
// (contracts/legal-texts.ts for the subset and the placeholders). Each `##` title is a numbered section of the page.

/** Date of this wording; the back office sets a new one with each change. */
export const LEGAL_UPDATED = '2026-11-25';

const terms = `## Quiénes somos y aceptación

Este sitio pertenece a **{razonSocial}** ({nombre}). Al usarlo aceptas estos términos. Si no estás de acuerdo con ellos, te pedimos no usar el sitio; siempre puedes atenderte por teléfono o en nuestras sedes.

## Uso del sitio

- El sitio es informativo: muestra nuestro stock y te permite enviarnos solicitudes.
- Te comprometes a entregar datos verdaderos y a no usar el sitio para fines ilícitos, enviar solicitudes falsas o masivas, ni intentar afectar su funcionamiento.
- Enviar un formulario no crea una cuenta ni un contrato: es una solicitud de contacto.

## Vehículos, precios y disponibilidad

- Los precios están en pesos chilenos y **están sujetos a confirmación**. No incluyen gastos de transferencia, inscripción ni otros costos que se informan antes de la compra.
- La disponibilidad también se confirma al contactarte: un vehículo puede venderse antes de que actualicemos el sitio. Enviar una consulta no reserva el vehículo.
- Las fotos, el kilometraje y las características son referenciales; te invitamos a revisar el vehículo y su documentación antes de comprar.

## Financiamiento

- Todo crédito está **sujeto a evaluación y aprobación** de la institución financiera o, en el crédito directo, de {nombre}. Las cuotas, tasas y montos que conversemos son referenciales hasta esa aprobación.
- El crédito directo tiene requisitos propios ({pieCreditoDirecto}, acreditación de ingresos, domicilio y cédula vigente), que detallamos en la página de [financiamiento](/financing).
- «Financiamos hasta el 100% del valor» depende de la evaluación de cada cliente.

## Seguros y compra de tu auto

- Las cotizaciones de seguros las emiten las compañías aseguradoras; la cobertura es la que indique cada póliza.
- La tasación que te damos con el formulario de «Compramos tu auto» es referencial hasta la evaluación técnica del vehículo y la revisión de sus papeles. El pago se hace una vez firmada la transferencia.

## Tus derechos como consumidor

Nada en estos términos limita los derechos que te otorga la Ley 19.496 sobre Protección de los Derechos de los Consumidores, incluida la garantía legal cuando corresponda.

## Contenido y enlaces externos

Los textos, fotos y diseño del sitio pertenecen a {razonSocial} o se usan con autorización. Los enlaces a WhatsApp, redes sociales y mapas llevan a servicios de terceros, con sus propios términos, de los que no somos responsables.

## Datos personales

Tratamos los datos que nos envías según nuestra [política de privacidad](/privacidad).

## Ley aplicable y contacto

Estos términos se rigen por las leyes de Chile. Si tienes dudas o un reclamo, escríbenos a {correo} o visita nuestra página de [contacto](/contact); podemos actualizar estos términos y publicaremos siempre la versión vigente aquí.`;

const privacy = `## Quién es responsable de tus datos

El responsable del tratamiento es **{razonSocial}** ({nombre}), con domicilio en {direccion}. Para cualquier consulta sobre tus datos personales escríbenos a {correo}.

## Qué datos recogemos y para qué

Solo recogemos lo que tú escribes en nuestros formularios, y lo usamos únicamente para atender tu solicitud:

- **Contacto:** nombre, correo, teléfono, asunto y mensaje. Para responder tu consulta.
- **Consulta por un vehículo:** nombre, correo, teléfono (opcional), mensaje y el vehículo que te interesa. Para darte información sobre ese vehículo y coordinar una visita o prueba de manejo.
- **Solicitud de financiamiento:** nombre, teléfono, correo, tipo de crédito, valor aproximado del vehículo, pie (opcional), plazo, tipo de ingresos y comentarios (opcionales). Para evaluar contigo las alternativas de crédito y preparar la solicitud ante la institución financiera.
- **Cotización de seguros:** nombre, correo, teléfono, marca, modelo y año del vehículo, tipo de seguro y comentarios. Para pedir cotizaciones a las compañías de seguros y enviártelas.
- **Compramos tu auto:** nombre, teléfono, correo, marca, modelo, año, kilometraje, color y estado del vehículo, comentarios y hasta 5 fotos. Para tasar tu vehículo y hacerte una oferta de compra.
- **Asesoría comercial:** nombre, teléfono, correo, área de asesoría, tipo de cliente, fecha preferida, situación financiera (opcional) y comentarios. Para agendar y preparar la asesoría que pediste.

Junto a cada solicitud guardamos la página desde la que la enviaste y una huella cifrada (hash) de tu dirección IP, que no permite recuperar la dirección y solo sirve para limitar envíos abusivos.

También guardamos con tu solicitud **cómo llegaste al sitio** en esa visita: la primera página que abriste, el nombre del sitio que te trajo (por ejemplo, un buscador o una red social, sin la dirección completa) y, si el enlace los traía, los datos de la campaña (fuente, medio y nombre, los parámetros «utm»). Tu navegador los anota en esa pestaña mientras navegas y solo nos llegan si envías un formulario; si no envías nada, no recibimos ni guardamos nada de esto. Nos sirve para saber qué avisos y sitios nos traen clientes.

Además contamos cuántas veces se abre la página de cada vehículo por día, para saber qué autos interesan más. Ese conteo es anónimo: solo guardamos el vehículo, el día y el total de visitas, sin tu IP, tu navegador ni ningún dato que permita saber quién la visitó.

## Base legal

Tratamos tus datos con tu consentimiento, que das al enviar un formulario, y para tomar las medidas precontractuales que nos pides (cotizar, tasar, evaluar un crédito), conforme a la Ley 19.628 sobre Protección de la Vida Privada y, desde el 1 de diciembre de 2026, a la Ley 21.719. La huella de la IP se trata por nuestro interés legítimo en proteger el sitio. Puedes retirar tu consentimiento en cualquier momento escribiendo a {correo}.

## Cuánto tiempo los guardamos

- Solicitudes y mensajes, con el origen de la visita que las envió: 24 meses desde nuestro último contacto contigo; después se eliminan.
- Fotos enviadas para una tasación: 12 meses; después se eliminan.
- Si compras o nos vendes un vehículo, los documentos de la operación se guardan durante los plazos que exige la ley tributaria y comercial.

## Con quién los compartimos

**No vendemos ni arrendamos tus datos**, ni los usamos para publicidad de terceros.

- Si pides financiamiento o un seguro, y solo con tu autorización, enviamos los datos necesarios a la institución financiera o compañía de seguros que evaluará tu solicitud.
- Proveedores que nos prestan servicios (alojamiento del sitio y envío de correo) acceden a ellos solo para ese fin y bajo deber de confidencialidad.
- Autoridades, cuando la ley nos obligue.

## Tus derechos y cómo ejercerlos

Puedes pedir en cualquier momento el **acceso** a tus datos, su **rectificación**, su **supresión**, oponerte a su tratamiento y, con la Ley 21.719, pedir su **portabilidad** (una copia en un formato de uso común) y el bloqueo temporal.

Escríbenos a {correo} con el asunto «Datos personales», indicando tu nombre y el correo o teléfono con que nos escribiste. Te responderemos dentro de los plazos legales y sin costo. Si no quedas conforme, puedes recurrir a la Agencia de Protección de Datos Personales (desde el 1 de diciembre de 2026) o a los tribunales de justicia.

## Cookies

Este sitio no usa cookies de publicidad ni de analítica, y no carga rastreadores de terceros.

El origen de tu visita (ver «Qué datos recogemos») se anota en el almacenamiento de sesión de tu navegador, no en una cookie: se borra al cerrar la pestaña y no se envía en cada página.

- **csrftoken**: se crea cuando envías un formulario y protege el envío contra falsificaciones. Es imprescindible para que el formulario funcione.
- **Sesión del personal**: solo para el equipo de {nombre} que ingresa al panel interno.

El mapa de la página de [contacto](/contact) se carga desde un proveedor externo solo si pulsas «Ver mapa». Los enlaces a WhatsApp y a redes sociales te llevan a servicios de terceros con sus propias políticas.

## Seguridad y menores de edad

Protegemos tus datos con conexiones cifradas y acceso restringido al personal que atiende tu solicitud. Nuestros servicios están dirigidos a personas mayores de 18 años; no recogemos a sabiendas datos de menores de edad.

## Cambios a esta política

Si cambiamos esta política publicaremos la nueva versión en esta página, con su fecha de actualización. Revisa también nuestros [términos y condiciones](/terminos).`;

export const defaultLegalTexts: LegalTexts = { terms, privacy, updated: LEGAL_UPDATED };
