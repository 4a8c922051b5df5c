import { defineMessages } from '../../lib/i18n/messages'

export const errorPageMessages = defineMessages({
  en: {
    status: 'Error {status}',
    titleNotFound: 'Page not found',
    titleServer: 'Internal server error',
    explainNotFound:
      'We could not find this page. Check the address, or scan the QR code on your table again.',
    explain: 'Something went wrong on our side. Please try again in a moment.',
    titleConnection: 'No connection to the server',
    explainConnection:
      'The page could not reach the restaurant’s server. Check the Wi-Fi or mobile internet and try again.',
    retry: 'Try again',
    home: 'Go to the start page',
  },
  ru: {
    status: 'Ошибка {status}',
    titleNotFound: 'Страница не найдена',
    titleServer: 'Внутренняя ошибка сервера',
    explainNotFound:
      'Такой страницы нет. Проверьте адрес или отсканируйте QR‑код на столе ещё раз.',
    explain: 'У нас что-то пошло не так. Попробуйте ещё раз через минуту.',
    titleConnection: 'Нет связи с сервером',
    explainConnection:
      'Страница не достучалась до сервера ресторана. Проверьте Wi‑Fi или мобильный интернет и попробуйте ещё раз.',
    retry: 'Попробовать снова',
    home: 'На главную',
  },
})
