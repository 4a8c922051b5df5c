import { describe, expect, it } from 'vitest'
import type { AdminSettingsBody } from '@tableside/contracts/admin-settings'
import { knowsTimeZone } from '../../lib/time-zones'
import { openingHoursErrors, settingsErrors } from './settings-rules'

const body: AdminSettingsBody = {
  version: 'v1',
  timezone: 'Europe/Moscow',
  openingHours: [{ day: 1, opens: '10:00', closes: '22:00' }],
  settings: {
    orderTypes: ['dine_in'],
    paymentMethods: ['cash'],
    onlinePayment: false,
    tipPresetsPercent: [5, 10],
    serviceChargeBasisPoints: 0,
    delivery: { minOrder: 0, fee: 0, freeFrom: null, leadTimeMinutes: 60, zoneNote: null },
    pickup: { leadTimeMinutes: 20 },
    preorder: { leadTimeMinutes: 60, slotMinutes: 30 },
    tableSessionMinutes: 180,
    kitchenBeforeOnlinePayment: false,
    waiterRefunds: false,
    kitchenLeadMinutes: 30,
    privacyPolicyUrl: null,
  },
  callEscalationSeconds: 60,
  bonusProgram: null,
  smsDailyBudget: 200,
}
const context = { knowsTimeZone, hasPaymentProvider: true }

describe('opening hours', () => {
  it('takes nights past midnight, lunch and dinner, and round the clock', () => {
    expect(
      openingHoursErrors([
        { day: 5, opens: '18:00', closes: '02:00' },
        { day: 6, opens: '12:00', closes: '15:00' },
        { day: 6, opens: '18:00', closes: '23:30' },
        { day: 7, opens: '00:00', closes: '00:00' },
      ]),
    ).toEqual([])
  })

  it("refuses a night that runs into the next day's hours, on the field at fault", () => {
    expect(
      openingHoursErrors([
        { day: 5, opens: '18:00', closes: '03:00' },
        { day: 6, opens: '02:00', closes: '12:00' },
      ]),
    ).toEqual([{ path: 'body.openingHours.1.opens', message: 'Overlaps Friday 18:00–03:00' }])
  })

  it('refuses hours that end before they start, unless they end by the next morning', () => {
    expect(openingHoursErrors([{ day: 1, opens: '10:00', closes: '09:00' }])).toEqual([
      { path: 'body.openingHours.0.closes', message: 'Closes the next day after 08:00' },
    ])
  })

  it("sees Sunday's night run into Monday", () => {
    expect(
      openingHoursErrors([
        { day: 1, opens: '06:00', closes: '12:00' },
        { day: 7, opens: '20:00', closes: '07:00' },
      ]),
    ).toEqual([{ path: 'body.openingHours.1.closes', message: 'Overlaps Monday 06:00–12:00' }])
  })
})

describe('settings as a whole', () => {
  it('accepts sensible settings', () => {
    expect(settingsErrors(body, context)).toEqual([])
  })

  it('names every field that is wrong', () => {
    const wrong: AdminSettingsBody = {
      ...body,
      timezone: 'Mars/Olympus',
      settings: {
        ...body.settings,
        orderTypes: [],
        paymentMethods: ['card'],
        tipPresetsPercent: [5, 5],
        delivery: { ...body.settings.delivery, minOrder: 1000, freeFrom: 500 },
      },
    }
    expect(settingsErrors(wrong, context).map((error) => error.path)).toEqual([
      'body.timezone',
      'body.settings.orderTypes',
      'body.settings.tipPresetsPercent',
      'body.settings.paymentMethods',
      'body.settings.delivery.freeFrom',
    ])
  })

  it('refuses online payment where no provider takes it', () => {
    const online = { ...body, settings: { ...body.settings, onlinePayment: true } }
    expect(settingsErrors(online, { knowsTimeZone, hasPaymentProvider: false })).toEqual([
      {
        path: 'body.settings.onlinePayment',
        message: 'This server takes no online payments (PAYMENT_PROVIDER)',
      },
    ])
  })
})
