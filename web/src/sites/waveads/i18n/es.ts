import type { Dictionary } from '../../../shared/i18n/i18n';
import type { MessageKey } from './en';

export const es: Dictionary<MessageKey> = {
  'nav.home': 'Inicio',
  'nav.english': 'Inglés',
  'nav.japanese': 'Japonés',
  'nav.korean': 'Coreano',
  'nav.spanish': 'Español',
  'nav.portuguese': 'Portugués',
  'nav.contactUs': 'Contáctanos',
  'nav.careers': 'Empleo',
  'nav.language': 'Idioma',
  'home.banner.title': 'Surfeando la ola digital',
  'home.banner.subtitle':
    'Publicidad de crecimiento móvil que encuentra nuevos usuarios para tu app, recupera a los que se alejaron y los convierte en ingresos duraderos.',
  'contact.banner.title': 'Ponte en contacto',
  'contact.banner.subtitle':
    'Cuéntanos sobre tu app y tus objetivos de crecimiento, y nuestro equipo te responderá.',
  'meta.home.title': 'WaveAds – Publicidad para el crecimiento móvil',
  'meta.home.description':
    'WaveAds ayuda a desarrolladores de apps, marcas y editores a crecer con adquisición de usuarios, retargeting, optimización en tiendas de apps y monetización del tráfico.',
  'meta.contact.title': 'Contáctanos – WaveAds',
  'meta.contact.description':
    'Habla con el equipo de WaveAds sobre adquisición de usuarios, retargeting y monetización para tu app.',
};
