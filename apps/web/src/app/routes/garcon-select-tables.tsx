import { ShiftRoster } from '../../features/garcon/components/shift-roster'
import { ShiftSwitch } from '../../features/garcon/components/shift-switch'
import { TablePicker } from '../../features/garcon/components/table-picker'
import { selectTablesMessages } from '../../features/garcon/select-tables-messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { GarconFrame } from './garcon-frame'

export function GarconSelectTablesRoute() {
  return (
    <GarconFrame>
      <GarconSelectTablesScreen />
    </GarconFrame>
  )
}

function GarconSelectTablesScreen() {
  const { t } = useMessages(selectTablesMessages)
  return (
    <Screen title={t('title')} lead={t('lead')}>
      <ShiftSwitch />
      <ShiftRoster />
      <TablePicker />
    </Screen>
  )
}
