import type { Dictionary } from '../../../shared/i18n/i18n';
import type { MessageKey } from './en';

export const ko: Dictionary<MessageKey> = {
  'nav.home': '홈',
  'nav.english': '영어',
  'nav.japanese': '일본어',
  'nav.korean': '한국어',
  'nav.spanish': '스페인어',
  'nav.portuguese': '포르투갈어',
  'nav.contactUs': '문의하기',
  'nav.careers': '채용',
  'nav.language': '언어',
  'home.banner.title': '디지털 물결을 타는 성장 파트너',
  'home.banner.subtitle':
    '앱의 새로운 사용자를 찾고, 떠난 사용자를 다시 불러오며, 이를 지속적인 수익으로 바꾸는 모바일 성장 광고.',
  'contact.banner.title': '함께 이야기해요',
  'contact.banner.subtitle': '앱과 성장 목표를 알려 주시면 담당 팀이 연락드리겠습니다.',
  'meta.home.title': 'WaveAds – 모바일 성장 광고',
  'meta.home.description':
    'WaveAds는 사용자 확보, 리타겟팅, 앱 스토어 최적화, 트래픽 수익화로 앱 개발사, 브랜드, 퍼블리셔의 성장을 돕습니다.',
  'meta.contact.title': '문의하기 – WaveAds',
  'meta.contact.description': '앱의 사용자 확보, 리타겟팅, 수익화에 대해 WaveAds 팀에 문의하세요.',
};
