import type { Dictionary } from '../../../shared/i18n/i18n';
import type { MessageKey } from './en';

export const pt: Dictionary<MessageKey> = {
  'nav.home': 'Início',
  'nav.english': 'Inglês',
  'nav.japanese': 'Japonês',
  'nav.korean': 'Coreano',
  'nav.spanish': 'Espanhol',
  'nav.portuguese': 'Português',
  'nav.contactUs': 'Fale conosco',
  'nav.careers': 'Carreiras',
  'nav.language': 'Idioma',
  'home.banner.title': 'Surfando a onda digital',
  'home.banner.subtitle':
    'Publicidade de crescimento mobile que encontra novos usuários para o seu app, reconquista os que se afastaram e os transforma em receita duradoura.',
  'contact.banner.title': 'Entre em contato',
  'contact.banner.subtitle':
    'Conte-nos sobre o seu app e as suas metas de crescimento, e a nossa equipe retornará o contato.',
  'meta.home.title': 'WaveAds – Publicidade para crescimento mobile',
  'meta.home.description':
    'A WaveAds ajuda desenvolvedores de apps, marcas e publishers a crescer com aquisição de usuários, retargeting, otimização para lojas de apps e monetização de tráfego.',
  'meta.contact.title': 'Fale conosco – WaveAds',
  'meta.contact.description':
    'Fale com a equipe da WaveAds sobre aquisição de usuários, retargeting e monetização para o seu app.',
};
