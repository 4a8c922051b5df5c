import * as z from 'zod/mini'
import {
  type CategoryFile,
  dishFile,
  MENU_FILE_LIMITS,
  menuFile,
  menuFileMenu,
  modifierGroupFile,
  modifierOptionFile,
  STORY_DURATION_MS,
  storyFile,
} from './menu-file'
import { vatRate } from './admin-profile'
import { money } from './text'

/**
 * A menu file as a person writes it (`npm run menu:import`, the back office's import): the
 * fields the export always writes may be left out and take these defaults. The server's and
 * the CLI's only: the web never imports this module, so `z._default` stays out of the
 * diners' first load.
 */
const option = z.extend(modifierOptionFile, {
  priceDelta: z._default(money, 0),
  preselected: z._default(z.boolean(), false),
  available: z._default(z.boolean(), true),
})

const group = z.extend(modifierGroupFile, {
  options: z.array(option).check(z.minLength(1), z.maxLength(MENU_FILE_LIMITS.options)),
})

const dish = z.extend(dishFile, {
  modifierGroups: z._default(
    z.array(group).check(z.maxLength(MENU_FILE_LIMITS.modifierGroups)),
    [],
  ),
  allergens: z._default(dishFile.shape.allergens, []),
  diet: z._default(dishFile.shape.diet, []),
  ageRestricted: z._default(z.boolean(), false),
  available: z._default(z.boolean(), true),
})

export const categoryFileImport: z.ZodMiniType<CategoryFile> = z.object({
  id: menuFileMenu.shape.id,
  name: menuFileMenu.shape.name,
  description: menuFileMenu.shape.description,
  vatRate: z.optional(vatRate),
  dishes: z._default(z.array(dish).check(z.maxLength(MENU_FILE_LIMITS.dishes)), []),
  get categories() {
    return z._default(
      z.array(categoryFileImport).check(z.maxLength(MENU_FILE_LIMITS.categories)),
      [],
    )
  },
})

const menu = z.extend(menuFileMenu, {
  categories: z.array(categoryFileImport).check(z.maxLength(MENU_FILE_LIMITS.categories)),
})

const story = z.extend(storyFile, {
  durationMs: z._default(storyFile.shape.durationMs, STORY_DURATION_MS.default),
})

export const menuFileImport = z.extend(menuFile, {
  menus: z.array(menu).check(z.minLength(1), z.maxLength(MENU_FILE_LIMITS.menus)),
  stories: z._default(z.array(story).check(z.maxLength(MENU_FILE_LIMITS.stories)), []),
})
