import type { PrivacyNoticeText } from '../../../shared/privacy/notice';

/** The WaveAds privacy notice in Spanish, translated from notice-en.ts. */
export const NOTICE_ES: PrivacyNoticeText = {
  title: 'Aviso de privacidad',
  description:
    'Qué datos recopila WaveAds a través de este sitio web y por qué (el formulario de contacto, los currículums, las visitas y las cookies), cuánto tiempo los conservamos y cómo solicitar una copia o su eliminación.',
  updatedLabel: 'Última actualización',
  updated: '26 de noviembre de 2026',
  intro:
    'Este aviso explica qué datos recopila WaveAds a través de este sitio web, por qué los recopilamos, adónde van, cuánto tiempo los conservamos y qué puedes pedirnos. Recopilamos lo mínimo posible, y nunca vendemos datos personales ni los compartimos con anunciantes.',
  sections: [
    {
      heading: 'El formulario de contacto',
      blocks: [
        {
          p: 'Cuando envías el formulario «Ponte en contacto», recibimos lo que escribiste: tu correo electrónico corporativo, tu nombre y apellido, tu país o región, la opción que mejor describe tu empresa, el nombre de la empresa y, si lo escribiste, tu mensaje.',
        },
        {
          p: 'Junto con ello registramos que marcaste la casilla de consentimiento y qué versión de su texto viste, el idioma de la página, la fecha y la hora, la dirección IP desde la que se envió la solicitud y la descripción que tu navegador da de sí mismo (su «user agent»).',
        },
        {
          p: 'Usamos tus datos para responder a tu consulta y, puesto que diste tu consentimiento, para enviarte novedades y comunicaciones de marketing sobre nuestros servicios. La dirección IP y la descripción del navegador se conservan solo para detectar y frenar el uso abusivo del formulario.',
        },
      ],
    },
    {
      heading: 'Tu currículum',
      blocks: [
        {
          p: 'Cuando nos envías tu currículum desde el enlace «Empleo», recibimos el archivo con su nombre, tipo y tamaño, la fecha y la hora, la dirección IP de tu solicitud y la descripción de tu navegador. Solo lo usamos para valorar tu candidatura a un puesto en WaveAds.',
        },
      ],
    },
    {
      heading: 'Adónde van los datos',
      blocks: [
        {
          p: 'Ambos se guardan en nuestro propio servidor. Una notificación con tus datos (y, en el caso de un currículum, el archivo) llega al equipo de WaveAds por correo electrónico o a través de nuestros sistemas internos, y a ningún otro lugar.',
        },
      ],
    },
    {
      heading: 'Cuánto tiempo los conservamos',
      blocks: [
        {
          value: 'leadsDays',
          set: 'Los datos enviados con el formulario de contacto se eliminan {leadsDays} días después de recibirlos.',
          unset:
            'Los datos enviados con el formulario de contacto se conservan hasta que nos pidas eliminarlos o hasta que ya no los necesitemos para responderte.',
        },
        {
          value: 'resumesDays',
          set: 'Un currículum se elimina {resumesDays} días después de recibirlo.',
          unset:
            'Un currículum se conserva hasta que nos pidas eliminarlo o hasta que se cubra el puesto para el que se envió.',
        },
        {
          p: 'Al eliminar un registro, también se eliminan todas las notificaciones relacionadas con él y todas las copias guardadas de su archivo.',
        },
      ],
    },
    {
      heading: 'Visitas y cookies',
      blocks: [
        {
          p: 'Contamos cuántas veces se ve cada página al día, sin cookies y sin guardar nada que te identifique: las cifras son totales, no registros de personas.',
        },
        {
          p: 'Como cualquier servidor web, el nuestro escribe una línea de registro por cada solicitud, con la dirección IP, la descripción del navegador y la página desde la que se llegó. Usamos ese registro para mantener el servicio seguro y en funcionamiento, nunca para elaborar perfiles de los visitantes.',
        },
        {
          p: 'La única cookie es «lang», que recuerda el idioma que elegiste para que la página siguiente se abra en ese idioma; tu navegador también guarda esa elección en su almacenamiento local. No se instala ninguna cookie de seguimiento ni publicitaria, y en estas páginas no se ejecuta ningún script de terceros.',
        },
      ],
    },
    {
      heading: 'Tus derechos',
      blocks: [
        {
          p: 'Puedes pedirnos una copia de los datos que tenemos sobre ti, solicitar que los corrijamos o eliminemos y retirar en cualquier momento tu consentimiento para recibir nuestras novedades. Respondemos en el plazo de un mes.',
        },
        {
          value: 'contact',
          set: 'Escríbenos a {contact}.',
          unset:
            'Escríbenos mediante el formulario «Ponte en contacto» e indica en tu mensaje que se trata de una solicitud de privacidad.',
        },
      ],
    },
    {
      heading: 'Cambios',
      blocks: [
        {
          p: 'Cuando este aviso cambie, también cambiará la fecha que figura al principio.',
        },
      ],
    },
  ],
};
