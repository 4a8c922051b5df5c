import { BellIcon, BillIcon, CartIcon, MenuIcon, OrdersIcon } from '../../components/ui/icons'
import { paths } from '../../config/paths'
import { useMessages } from '../../lib/i18n/use-translation'
import { layoutMessages } from './layout-messages'
import { TabBar } from './tab-bar'

export function DinerNav({ restaurantId: id }: { restaurantId: string }) {
  const { t } = useMessages(layoutMessages)
  return (
    <TabBar
      label={t('dinerNav')}
      tabs={[
        { to: paths.menu(id), label: t('menu'), icon: <MenuIcon /> },
        {
          to: paths.cart(id),
          label: t('cart'),
          icon: <CartIcon />,
          alsoActiveOn: [paths.checkout(id)],
        },
        {
          to: paths.orders(id),
          label: t('orders'),
          icon: <OrdersIcon />,
          alsoActiveOn: [`${paths.checkout(id)}/:id/*`],
        },
        { to: paths.bill(id), label: t('bill'), icon: <BillIcon /> },
        { to: paths.call(id), label: t('call'), icon: <BellIcon /> },
      ]}
    />
  )
}
