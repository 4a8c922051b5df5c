import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { SelectField } from './form-field'

/** The kitchen station that cooks a category's dishes (decision 0118). */
export function StationField({
  stations,
  value,
  hint,
  t,
  onChange,
}: {
  stations: readonly { id: string; name: string }[]
  value: string
  hint: string
  t: Translate<AdminMenuMessageKey>
  onChange: (stationId: string) => void
}) {
  return (
    <SelectField label={t('station')} hint={hint} value={value} onChange={onChange}>
      {stations.map((station) => (
        <option key={station.id} value={station.id}>
          {station.name}
        </option>
      ))}
    </SelectField>
  )
}
