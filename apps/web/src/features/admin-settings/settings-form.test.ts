import { describe, expect, it } from 'vitest'
import type { AdminSettings } from '@tableside/contracts/admin-settings'
import {
  changedFields,
  fromForm as fromFormOf,
  reapplyChanges,
  serverProblems,
  toForm,
  type SettingsForm,
} from './settings-form'

const fromForm = (form: SettingsForm) => fromFormOf(form, saved.version)

const saved: AdminSettings = {
  version: 'v1',
  timezone: 'Europe/Moscow',
  openingHours: [
    { day: 5, opens: '12:00', closes: '02:00' },
    { day: 6, opens: '12:00', closes: '23:00' },
  ],
  settings: {
    orderTypes: ['dine_in', 'pickup'],
    paymentMethods: ['cash', 'card'],
    onlinePayment: true,
    kitchenBeforeOnlinePayment: false,
    waiterRefunds: false,
    kitchenLeadMinutes: 30,
    tipPresetsPercent: [5, 10, 15],
    serviceChargeBasisPoints: 1250,
    delivery: {
      minOrder: 100_000,
      fee: 19_990,
      freeFrom: null,
      leadTimeMinutes: 60,
      zoneNote: null,
    },
    pickup: { leadTimeMinutes: 20 },
    preorder: { leadTimeMinutes: 60, slotMinutes: 30 },
    tableSessionMinutes: 180,
    privacyPolicyUrl: null,
  },
  callEscalationSeconds: 60,
  bonusProgram: null,
  smsDailyBudget: 200,
  paymentProvider: 'sandbox',
}

describe('the settings form', () => {
  it('gives back what it was given when nothing is changed', () => {
    const result = fromForm(toForm(saved))
    expect({ ...result.body, paymentProvider: 'sandbox' }).toEqual(saved)
  })

  it('reads money in roubles and shares in percent, a comma as a dot', () => {
    const form = { ...toForm(saved), deliveryFee: '149,50', serviceChargePercent: '7.5' }
    const { body } = fromForm(form)
    expect(body?.settings.delivery.fee).toBe(14_950)
    expect(body?.settings.serviceChargeBasisPoints).toBe(750)
  })

  it('says which field is wrong and sends nothing', () => {
    const form = {
      ...toForm(saved),
      tipPresets: '5, 5',
      slotMinutes: '2',
      kitchenLeadMinutes: '481',
      orderTypes: [],
      deliveryFreeFrom: '500',
      privacyPolicyUrl: 'http://example.com',
      smsDailyBudget: '0',
    }
    expect(fromForm(form)).toEqual({
      body: null,
      problems: {
        smsDailyBudget: 'smsBudgetRange',
        tipPresets: 'tipsRepeat',
        slotMinutes: 'slotRange',
        kitchenLeadMinutes: 'kitchenLeadRange',
        orderTypes: 'chooseOne',
        deliveryFreeFrom: 'freeFromBelowMinimum',
        privacyPolicyUrl: 'httpsUrl',
      },
    })
  })

  it('takes a night past midnight, refuses hours that run into the next day’s', () => {
    const night = { ...toForm(saved) }
    expect(fromForm(night).problems).toBeNull()
    night.openingHours = [
      { day: 5, opens: '18:00', closes: '03:00' },
      { day: 6, opens: '02:00', closes: '12:00' },
    ]
    expect(fromForm(night).problems).toEqual({ 'openingHours.1.opens': 'hoursOverlap' })
    night.openingHours = [{ day: 1, opens: '10:00', closes: '09:00' }]
    expect(fromForm(night).problems).toEqual({ 'openingHours.0.closes': 'hoursTooLate' })
  })

  it('keeps a programme that was switched off, off rather than gone', () => {
    const withProgram: AdminSettings = {
      ...saved,
      bonusProgram: {
        active: true,
        earnBasisPoints: 500,
        maxShareBasisPoints: 3000,
        expiryDays: 180,
        welcomePoints: 200,
        birthdayPoints: 500,
      },
    }
    const { body } = fromForm({ ...toForm(withProgram), bonusActive: false })
    expect(body?.bonusProgram).toEqual({ ...withProgram.bonusProgram, active: false })
    expect(fromForm({ ...toForm(saved), bonusActive: false }).body?.bonusProgram).toBeNull()
  })

  it("puts the server's refusals on their fields", () => {
    expect(
      serverProblems([
        { path: 'body.timezone', message: 'No such time zone' },
        { path: 'body.openingHours.2.closes', message: 'Overlaps' },
        { path: 'body.settings.tipPresetsPercent.1', message: 'Too big' },
        { path: 'body.somethingNew', message: 'Odd' },
      ]),
    ).toEqual({
      problems: {
        timezone: 'serverRefused',
        'openingHours.2.closes': 'hoursOverlap',
        tipPresets: 'serverRefused',
      },
      unplaced: 1,
    })
  })

  it('sends the version the form started from', () => {
    expect(fromFormOf(toForm(saved), 'seen-version').body?.version).toBe('seen-version')
  })

  it('after a stale save, puts back only what the manager changed, over the new settings', () => {
    const started = toForm(saved)
    const draft = { ...started, tipPresets: '3, 6', slotMinutes: '15' }
    // Meanwhile another manager changed the escalation and the slot.
    const fresh = { ...started, callEscalationSeconds: '90', slotMinutes: '45' }
    expect(changedFields(draft, started)).toEqual(['tipPresets', 'slotMinutes'])
    expect(reapplyChanges(draft, started, fresh)).toEqual({
      ...fresh,
      tipPresets: '3, 6',
      slotMinutes: '15',
    })
    // Whether a programme exists stays the server's word.
    expect(reapplyChanges({ ...draft, bonusExists: true }, started, fresh).bonusExists).toBe(false)
  })
})
