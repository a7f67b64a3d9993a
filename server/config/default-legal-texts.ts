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
- Financiamos hasta el {financiamientoMaximo} del valor del vehículo (el resto es el pie), según la evaluación de cada cliente.

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

// Written to cover art. 14 ter a)–l) of Ley 19.628 as amended by Ley 21.719 (ADR 0031). Periods, lenders and insurers
// come from the settings through their placeholders, so the text cannot state one the site does not have.
const privacy = `## Quién es responsable de tus datos

El responsable de tus datos personales es **{razonSocial}** ({nombre}), con domicilio en {direccion}. Los tratamos según la Ley 19.628 sobre protección de los datos personales, con los cambios de la Ley 21.719, que rigen desde el 1 de diciembre de 2026.

Para cualquier consulta o solicitud sobre tus datos puedes:

- usar {paginaDerechos} de este sitio;
- escribirnos a {correo};
- enviarnos una carta a {direccion}; o
- llamarnos al {telefono}.

## Qué datos tratamos y de dónde vienen

Tratamos los datos de las personas que nos escriben o nos piden algo a través del sitio. Todos vienen de ti: son los que escribes en nuestros formularios. No los compramos ni los tomamos de fuentes de acceso público.

Según el formulario, son estos:

- **Contacto:** nombre, correo, teléfono, asunto y mensaje.
- **Consulta por un vehículo:** nombre, correo, teléfono (opcional), mensaje y el vehículo que te interesa.
- **Prueba de manejo:** nombre, correo, teléfono, el vehículo y el horario que eliges.
- **Solicitud de financiamiento:** nombre, teléfono, correo, tipo de crédito, valor aproximado del vehículo, pie (opcional), plazo, comentarios (opcionales), la simulación del crédito si la hiciste y, si quieres, tu tipo de ingresos.
- **Cotización de seguros:** nombre, correo, teléfono, marca, modelo y año del vehículo, tipo de seguro y comentarios.
- **Compramos tu auto:** nombre, teléfono, correo, marca, modelo, año, kilometraje, color y estado del vehículo, comentarios y hasta 5 fotos.
- **Asesoría comercial:** nombre, teléfono, correo, área de asesoría, tipo de cliente, fecha preferida, comentarios y, si quieres, tu situación financiera.

Tu tipo de ingresos y tu situación financiera muestran tu situación socioeconómica, y la ley los considera **datos sensibles**. Son opcionales y solo los guardamos si marcas la casilla que lo autoriza, junto a ellos. Si no la marcas, atendemos tu solicitud igual, pero ese dato no se guarda.

Junto a cada solicitud guardamos la página desde la que la enviaste y una huella cifrada (hash) de tu dirección IP, que no permite recuperar la dirección y solo sirve para limitar envíos abusivos.

También guardamos con tu solicitud **cómo llegaste al sitio** en esa visita: la primera página que abriste, el nombre del sitio que te trajo (por ejemplo, un buscador o una red social, sin la dirección completa) y, si el enlace los traía, los datos de la campaña (fuente, medio y nombre, los parámetros «utm»). Tu navegador los anota en esa pestaña mientras navegas y solo nos llegan si envías un formulario; si no envías nada, no recibimos ni guardamos nada de esto.

Además contamos cuántas veces se abre la página de cada vehículo por día, para saber qué autos interesan más. Ese conteo es anónimo: solo guardamos el vehículo, el día y el total de visitas, sin tu IP, tu navegador ni ningún dato que permita saber quién la visitó.

Nuestros servicios están dirigidos a personas mayores de 18 años; no recogemos a sabiendas datos de menores de edad.

## Para qué los usamos y con qué base legal

Usamos tus datos solo para estos fines. Cada uno tiene su base legal, y los que necesitan tu consentimiento tienen una casilla propia, que viene sin marcar y es opcional: enviar un formulario no significa aceptarlos.

- **Atender lo que nos pides:** responder tu consulta, coordinar una visita o una prueba de manejo, evaluar contigo un crédito, cotizar un seguro, tasar tu auto o preparar una asesoría. Son medidas precontractuales que tú nos solicitas (artículo 13 letra c de la ley), por eso no te pedimos consentimiento para esto. Sin estos datos no podríamos responderte.
- **Guardar tu tipo de ingresos o tu situación financiera:** solo con tu consentimiento expreso (artículo 16), que das con la casilla junto a ese dato.
- **Enviar tu solicitud a una institución financiera o a una compañía de seguros:** solo con tu consentimiento (artículo 15), que das con la casilla que nombra a quiénes se envía. Cada envío queda registrado: a quién, cuándo y qué datos.
- **Enviarte novedades y ofertas de {nombre}:** solo si marcas la casilla que lo autoriza (artículo 12). No afecta en nada tu solicitud.
- **Proteger el sitio y saber qué avisos nos traen clientes:** la huella de tu IP y el origen de tu visita se tratan por nuestro interés legítimo (artículo 13 letra d). Puedes oponerte escribiéndonos.

## Con quién los compartimos

**No vendemos ni arrendamos tus datos**, ni los usamos para publicidad de terceros. Solo los reciben:

- **Instituciones financieras**, si pides financiamiento y marcas la casilla que lo autoriza: {instituciones}. Cada una evalúa tu crédito según su propia política de privacidad.
- **Compañías de seguros**, si pides una cotización y marcas la casilla que lo autoriza: {aseguradoras}.
- **Proveedores que nos prestan servicios**, como el alojamiento del sitio y el envío de correos. Tratan tus datos solo por encargo nuestro, para ese servicio y bajo deber de confidencialidad.
- **Autoridades**, cuando una ley nos obligue a entregarlos.

## Transferencias fuera de Chile

No enviamos tus datos a otros países. Si algún proveedor llegara a tratarlos fuera de Chile, lo diremos aquí en una nueva versión de esta política, con el país y las garantías que los protegen.

El mapa de la página de [contacto](/contact) se carga desde su proveedor externo solo si pulsas «Ver mapa»; antes de eso tu navegador no se conecta con él. Los enlaces a WhatsApp y a redes sociales te llevan a servicios de terceros, con sus propias políticas.

## Cuánto tiempo los guardamos

Guardamos cada solicitud solo mientras la necesitamos para atenderla. Los plazos se cuentan desde la última actividad de la solicitud: {plazosConservacion}.

Cumplido el plazo, la solicitud se anonimiza automáticamente: borramos tu nombre, tus datos de contacto, tu mensaje, las fotos, los correos y el origen de tu visita, de modo que lo que queda ya no se puede asociar a ti.

Si compras o nos vendes un vehículo, los documentos de esa operación se guardan durante los plazos que exigen las leyes tributarias y comerciales.

## Cómo los protegemos

- Las conexiones con el sitio van cifradas (HTTPS).
- De tu dirección IP guardamos solo una huella cifrada, que no permite recuperarla.
- Solo el personal de {nombre} que atiende solicitudes puede verlas, cada persona con su propia cuenta. Las contraseñas se guardan cifradas con argon2id, de forma irreversible, y los intentos de ingreso repetidos se frenan.
- Lo que el personal hace con las solicitudes (cambios, exportaciones y eliminaciones) queda registrado.
- Los formularios están protegidos contra envíos falsificados y contra envíos masivos.

Si ocurriera una vulneración de seguridad que ponga en riesgo tus derechos, la informaremos a la Agencia de Protección de Datos Personales y, cuando la ley lo exige, también a ti.

## Tus derechos y cómo ejercerlos

Tienes derecho a:

- **acceso:** saber qué datos tuyos tenemos, de dónde vienen, para qué los usamos y a quién los entregamos;
- **rectificación:** corregir los que estén errados o incompletos;
- **supresión:** pedir que los borremos;
- **oposición:** pedir que dejemos de usarlos para un fin, por ejemplo para enviarte novedades;
- **portabilidad:** recibir una copia en un formato de uso común;
- **bloqueo temporal:** que dejemos de usarlos mientras decidimos una rectificación, supresión u oposición que pediste.

Para ejercerlos, entra a {paginaDerechos}, escribe tu correo y elige qué quieres. Te enviaremos un enlace a ese correo para confirmar que es tuyo; al abrirlo, tu solicitud queda recibida. También puedes escribirnos a {correo} desde el correo con que nos contactaste. No tiene costo.

Te responderemos dentro de 30 días corridos desde que recibimos tu solicitud; si necesitamos más tiempo, te avisaremos y te diremos por qué, y podremos extenderlo una sola vez por otros 30 días. Una solicitud de bloqueo temporal la respondemos dentro de 2 días hábiles.

Si rechazamos tu solicitud, te explicaremos por qué. Desde ese rechazo tienes 30 días hábiles para reclamar ante la **Agencia de Protección de Datos Personales**.

## Cómo retirar tu consentimiento

Puedes retirar cualquier consentimiento que nos hayas dado, en cualquier momento, sin costo y tan fácil como lo diste: con el enlace que trae cada correo que te enviamos, en {paginaDerechos} o escribiéndonos a {correo}. Retirarlo no afecta tu solicitud.

- Si retiras el de tu tipo de ingresos o tu situación financiera, borramos ese dato de tus solicitudes.
- Si retiras el de enviar tu solicitud a instituciones financieras o aseguradoras, no la enviaremos más. Lo que ya se envió antes de retirarlo no se deshace.
- Si retiras el de novedades, dejamos de enviártelas.

## Decisiones automatizadas

No tomamos decisiones sobre ti de forma automatizada ni elaboramos perfiles. Tus solicitudes las atienden personas. El simulador de crédito solo calcula cuotas de referencia con los datos que tú eliges: no evalúa ni aprueba créditos.

## Cookies y almacenamiento en tu navegador

Este sitio no usa cookies de publicidad ni de analítica, y no carga rastreadores de terceros.

- **csrftoken**: una cookie que se crea cuando envías un formulario y lo protege contra falsificaciones. Es imprescindible para que el formulario funcione.
- **Sesión del personal**: cookies solo para el equipo de {nombre} que ingresa al panel interno.

El origen de tu visita (ver «Qué datos tratamos») se anota en el almacenamiento de sesión de tu navegador, no en una cookie: se borra al cerrar la pestaña y no se envía en cada página. Los vehículos que guardas como favoritos quedan solo en tu navegador y no nos llegan.

## Cambios a esta política

Cada vez que esta política cambia, también cuando cambia un plazo, una institución o un dato de contacto, publicamos una nueva versión numerada con la fecha desde la que rige. La versión vigente y su fecha aparecen al comienzo de esta página, y las versiones anteriores siguen disponibles al final. Revisa también nuestros [términos y condiciones](/terminos).`;

export const defaultLegalTexts: LegalTexts = { terms, privacy, updated: LEGAL_UPDATED };
