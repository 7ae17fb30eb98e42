import type { PrivacyNoticeText } from '../../../shared/privacy/notice';

/** The WaveAds privacy notice in Brazilian Portuguese, translated from notice-en.ts. */
export const NOTICE_PT: PrivacyNoticeText = {
  title: 'Aviso de privacidade',
  description:
    'Quais dados a WaveAds coleta por meio deste site e por quê (o formulário de contato, os currículos, as visitas e os cookies), por quanto tempo os mantemos e como solicitar uma cópia ou a exclusão deles.',
  updatedLabel: 'Última atualização',
  updated: '26 de novembro de 2026',
  intro:
    'Este aviso explica quais dados a WaveAds coleta por meio deste site, por que os coletamos, para onde eles vão, por quanto tempo os mantemos e o que você pode nos pedir. Coletamos o mínimo possível e nunca vendemos dados pessoais nem os compartilhamos com anunciantes.',
  sections: [
    {
      heading: 'O formulário de contato',
      blocks: [
        {
          p: 'Quando você envia o formulário “Entre em contato”, recebemos o que você digitou: o seu e-mail corporativo, o seu nome e sobrenome, o seu país ou região, o que melhor descreve a sua empresa, o nome da empresa e, se você tiver escrito, a sua mensagem.',
        },
        {
          p: 'Junto com esses dados, registramos que você marcou a caixa de consentimento e qual versão do texto dela você viu, o idioma da página, a data e a hora, o endereço IP de onde veio a solicitação e a descrição que o seu navegador faz de si mesmo (o chamado “user agent”).',
        },
        {
          p: 'Usamos os seus dados para responder ao seu contato e, como você deu o seu consentimento, para enviar novidades e comunicações de marketing sobre os nossos serviços. O endereço IP e a descrição do navegador são mantidos apenas para identificar e impedir o uso abusivo do formulário.',
        },
      ],
    },
    {
      heading: 'O seu currículo',
      blocks: [
        {
          p: 'Quando você envia o seu currículo pelo link “Carreiras”, recebemos o arquivo com o nome, o tipo e o tamanho dele, a data e a hora, o endereço IP da sua solicitação e a descrição do seu navegador. Usamos essas informações apenas para avaliar a sua candidatura a uma vaga na WaveAds.',
        },
      ],
    },
    {
      heading: 'Para onde vão os dados',
      blocks: [
        {
          p: 'Ambos são armazenados no nosso próprio servidor. Uma notificação com os seus dados (e, no caso de um currículo, o arquivo) é enviada à equipe da WaveAds por e-mail ou pelos nossos sistemas internos, e a nenhum outro lugar.',
        },
      ],
    },
    {
      heading: 'Por quanto tempo os mantemos',
      blocks: [
        {
          value: 'leadsDays',
          set: 'Os dados enviados pelo formulário de contato são excluídos {leadsDays} dias após o recebimento.',
          unset:
            'Os dados enviados pelo formulário de contato são mantidos até que você peça a exclusão deles ou até que não precisemos mais deles para responder a você.',
        },
        {
          value: 'resumesDays',
          set: 'Um currículo é excluído {resumesDays} dias após o recebimento.',
          unset:
            'Um currículo é mantido até que você peça a exclusão dele ou até que a vaga para a qual foi enviado seja preenchida.',
        },
        {
          p: 'Ao excluir um registro, excluímos também todas as notificações sobre ele e todas as cópias armazenadas do arquivo correspondente.',
        },
      ],
    },
    {
      heading: 'Visitas e cookies',
      blocks: [
        {
          p: 'Contamos quantas vezes cada página é vista por dia, sem cookies e sem guardar nada que identifique você: as contagens são totais, não registros de pessoas.',
        },
        {
          p: 'Como todo servidor web, o nosso grava uma linha de log para cada solicitação, com o endereço IP, a descrição do navegador e a página de onde veio o link. Usamos esse log para manter o serviço seguro e funcionando, nunca para traçar o perfil dos visitantes.',
        },
        {
          p: 'O único cookie é o “lang”, que lembra o idioma que você escolheu para que a próxima página já abra nele; o seu navegador também guarda essa escolha no armazenamento local. Nenhum cookie de rastreamento ou de publicidade é definido, e nenhum script de terceiros é executado nestas páginas.',
        },
      ],
    },
    {
      heading: 'Os seus direitos',
      blocks: [
        {
          p: 'Você pode pedir uma cópia dos dados que temos sobre você, pedir que os corrijamos ou excluamos e retirar a qualquer momento o seu consentimento para receber as nossas novidades. Respondemos em até um mês.',
        },
        {
          value: 'contact',
          set: 'Escreva para {contact}.',
          unset:
            'Escreva para nós pelo formulário “Entre em contato”, informando que a sua mensagem é uma solicitação de privacidade.',
        },
      ],
    },
    {
      heading: 'Alterações',
      blocks: [
        {
          p: 'Quando este aviso for alterado, a data no topo também mudará.',
        },
      ],
    },
  ],
};
