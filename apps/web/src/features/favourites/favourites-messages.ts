import { defineMessages } from '../../lib/i18n/messages'

/** The Favourites screen's words. */
export const favouritesMessages = defineMessages({
  en: {
    title: 'Favourites',
    listLabel: 'Your favourite dishes',
    emptyTitle: 'Your favourite dishes will be here',
    emptyText:
      'Tap the heart on a dish in the menu and it will wait for you here, to order again in a tap.',
    toMenu: 'Open the menu',
    kept: 'Kept on this device.',
    keptInProfile: 'Kept in your profile, on every device you sign in on.',
    soldOut: 'Sold out',
    gone: 'No longer on the menu',
    loadingPrice: 'Loading the price',
    add: 'Add to cart: {name}',
    added: '{name}: added to the cart',
    toCart: 'Open the cart · {count}',
    remove: 'Remove “{name}” from favourites',
    removed: '“{name}” removed from favourites',
    removeShort: 'Remove',
    menuFailed: 'The menu did not load, so prices and stock are unknown.',
    retry: 'Try again',
  },
  ru: {
    title: 'Избранное',
    listLabel: 'Ваши любимые блюда',
    emptyTitle: 'Здесь будут ваши любимые блюда',
    emptyText:
      'Нажмите на сердечко у блюда в меню — оно появится здесь, и его можно будет заказать снова одним касанием.',
    toMenu: 'Открыть меню',
    kept: 'Хранится на этом устройстве.',
    keptInProfile: 'Хранится в профиле — на всех устройствах, где вы вошли.',
    soldOut: 'Нет в наличии',
    gone: 'Этого блюда больше нет в меню',
    loadingPrice: 'Загружаем цену',
    add: 'В корзину: {name}',
    added: '{name}: добавлено в корзину',
    toCart: 'Открыть корзину · {count}',
    remove: 'Убрать «{name}» из избранного',
    removed: '«{name}» убрали из избранного',
    removeShort: 'Убрать',
    menuFailed: 'Меню не загрузилось, поэтому цены и наличие неизвестны.',
    retry: 'Повторить',
  },
})
