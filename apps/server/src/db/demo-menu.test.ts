import { existsSync, readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { menuFileProblems, placedCategories, placedDishes } from '@tableside/contracts/menu-file'
import { menuFileImport } from '@tableside/contracts/menu-file-import'
import { PHOTO_WIDTHS, photoSources } from '@tableside/contracts/photo-sources'

const demoDir = new URL('../../demo/', import.meta.url)
/** A `/media/demo/…` address's file. */
const mediaFile = (url: string) => new URL(`media/${url.slice('/media/demo/'.length)}`, demoDir)
const file = menuFileImport.parse(JSON.parse(readFileSync(new URL('menu.json', demoDir), 'utf8')))
const dishes = placedDishes(file).map(({ dish }) => dish)
const dishById = new Map(dishes.map((dish) => [dish.id, dish]))

/** Every picture the file points at: dish photos and story media. */
const pictures = [
  ...dishes.flatMap((dish) => (dish.photo ? [dish.photo] : [])),
  ...file.stories.map((story) => story.media),
]

describe('the demo menu file', () => {
  it('can be imported: valid and with no cross-field problems', () => {
    expect(menuFileProblems(file)).toEqual([])
  })

  it('has breakfast, main and bar menus, with breakfast served in the morning', () => {
    expect(file.menus.map((menu) => menu.id)).toEqual(
      expect.arrayContaining(['main', 'bar', 'breakfast']),
    )
    const breakfast = file.menus.find((menu) => menu.id === 'breakfast')
    expect([breakfast?.servedFrom, breakfast?.servedUntil]).toEqual(['08:00', '12:00'])
  })

  it('has at least 8 categories, some of them nested', () => {
    const categories = placedCategories(file)
    expect(categories.length).toBeGreaterThanOrEqual(8)
    expect(categories.some(({ parentId }) => parentId !== null)).toBe(true)
  })

  it('has at least 40 dishes, each with a photo and a Russian and English name and description', () => {
    expect(dishes.length).toBeGreaterThanOrEqual(40)
    for (const dish of dishes) {
      expect(dish.photo, dish.id).toBeDefined()
      expect(dish.photo?.alt.en, dish.id).toBeTruthy()
      expect(dish.name.en, dish.id).toBeTruthy()
      expect(dish.description?.ru, dish.id).toBeTruthy()
      expect(dish.description?.en, dish.id).toBeTruthy()
    }
  })

  it('has the dishes the end-to-end stories rely on', () => {
    expect(dishById.get('borscht')?.name.ru).toContain('Борщ')
    expect(dishById.get('borscht')?.available).toBe(true)
    expect(dishById.get('wine-red-glass')?.ageRestricted).toBe(true)

    const doneness = dishById.get('steak-ribeye')?.modifierGroups.find((g) => g.id === 'doneness')
    expect(doneness).toMatchObject({ minChoices: 1, maxChoices: 1 })
    const extras = dishById.get('steak-ribeye')?.modifierGroups.find((g) => g.id === 'extras')
    expect(extras?.minChoices).toBe(0)
  })

  it('has 18+ drinks, and exactly two dishes on the stop-list, none of them 18+', () => {
    expect(dishes.filter((dish) => dish.ageRestricted).length).toBeGreaterThanOrEqual(6)
    const stopList = dishes.filter((dish) => !dish.available)
    expect(stopList).toHaveLength(2)
    expect(stopList.some((dish) => dish.ageRestricted)).toBe(false)
  })

  it('has size groups that pick exactly one option with one preselected', () => {
    const sizes = dishes.flatMap((dish) => dish.modifierGroups.filter((g) => g.id === 'size'))
    expect(sizes.length).toBeGreaterThan(0)
    for (const group of sizes) {
      expect([group.minChoices, group.maxChoices]).toEqual([1, 1])
      expect(group.options.filter((option) => option.preselected)).toHaveLength(1)
    }
  })

  it('has at least 3 stories, each linking to a dish that is on sale', () => {
    expect(file.stories.length).toBeGreaterThanOrEqual(3)
    for (const story of file.stories) {
      expect(story.dishId, story.id).toBeDefined()
      expect(dishById.get(story.dishId ?? '')?.available, story.id).toBe(true)
    }
  })

  it('ships every picture it refers to as an uploaded photo is stored, small at a phone’s size', () => {
    for (const { url } of pictures) {
      expect(url).toMatch(/^\/media\/demo\/[a-z0-9-]+\/640\.webp$/)
      const sources = photoSources(url)
      expect(sources, url).not.toBeNull()
      const files = [sources?.avif, sources?.webp]
        .flatMap((set) => set?.split(', ') ?? [])
        .map((candidate) => candidate.split(' ')[0] ?? '')
      expect(files, url).toHaveLength(2 * PHOTO_WIDTHS.length)
      for (const file of files) expect(existsSync(mediaFile(file)), file).toBe(true)
      // What a card asks for on a phone of up to 2.5 device pixels a CSS pixel: 320 px wide.
      const card = files.find((file) => file.endsWith('/320.avif')) ?? ''
      expect(statSync(mediaFile(card)).size, card).toBeLessThan(6 * 1024)
    }
  })

  it('uses each picture’s background as its placeholder colour', () => {
    for (const { url, color } of pictures) {
      // The drawing the photo files were made from (scripts/generate-demo-media.mjs).
      const svg = readFileSync(mediaFile(url.replace(/\/640\.webp$/, '.svg')), 'utf8')
      expect(svg, url).toContain(`fill="${color}"`)
    }
  })
})
