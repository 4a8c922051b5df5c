import { Link } from '../../../components/ui/link'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useSmsBudget } from '../api/sms-budget'
import { smsBudgetMessages } from '../sms-budget-messages'
import { smsBudgetWarnings } from '../sms-budget-warnings'
import './sms-budget-warning.css'

/**
 * Above every back-office screen while a day's budget of sign-in codes is 80 % used or more
 * (decision 0109): the restaurant's, with a link to where it is set, and the whole server's.
 * Asked again every minute; the audit log keeps a note of each level reached.
 */
export function SmsBudgetWarning({ settingsPath }: { settingsPath: string }) {
  const { t, language } = useMessages(smsBudgetMessages)
  const usage = useSmsBudget().data
  const warnings = usage ? smsBudgetWarnings(usage) : []
  if (warnings.length === 0) return null
  const count = new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-GB')
  return (
    // The alert around the list, not on it: the role would take the list's away.
    <div role="alert">
      <ul className="sms-budget-warning">
        {warnings.map(({ scope, spent, sent, budget }) => (
          <li
            key={scope}
            className={`sms-budget-warning__item${spent ? ' sms-budget-warning__item--spent' : ''}`}
          >
            {t(`${scope}${spent ? 'Spent' : 'Nearly'}`, {
              sent: count.format(sent),
              budget: count.format(budget),
            })}
            {scope === 'restaurant' ? (
              <>
                {' '}
                <Link className="sms-budget-warning__link" to={`${settingsPath}#sms`}>
                  {t('change')}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
