import type { Dictionary } from '../../../shared/i18n/i18n';
import type { MessageKey } from './en';

export const ja: Dictionary<MessageKey> = {
  'nav.home': 'ホーム',
  'nav.english': '英語',
  'nav.japanese': '日本語',
  'nav.korean': '韓国語',
  'nav.spanish': 'スペイン語',
  'nav.portuguese': 'ポルトガル語',
  'nav.contactUs': 'お問い合わせ',
  'nav.careers': '採用情報',
  'nav.language': '言語',
  'home.banner.title': 'デジタルの波を乗りこなす',
  'home.banner.subtitle':
    '新しいユーザーを見つけ、離れてしまったユーザーを呼び戻し、アプリの成長を持続的な収益につなげるモバイルグロース広告。',
  'contact.banner.title': 'お気軽にご相談ください',
  'contact.banner.subtitle':
    'アプリと成長目標についてお聞かせください。担当チームより折り返しご連絡いたします。',
  'meta.home.title': 'WaveAds – モバイルグロース広告',
  'meta.home.description':
    'WaveAdsは、ユーザー獲得、リターゲティング、アプリストア最適化、トラフィックのマネタイズを通じて、アプリ開発者・ブランド・パブリッシャーの成長を支援します。',
  'meta.contact.title': 'お問い合わせ – WaveAds',
  'meta.contact.description':
    'アプリのユーザー獲得、リターゲティング、マネタイズについて、WaveAdsチームにお問い合わせください。',
};
