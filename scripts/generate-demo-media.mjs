// Draws the demo restaurant's pictures as small flat SVG illustrations, so the demo ships
// with no photographs to license: apps/server/demo/media/<dish id>.svg (400×300, seen from
// above or across the table) and story-<name>.svg (360×640). Each is then stored by the server's
// own photo worker, as an upload is (decision 0164): <name>/<width>.avif and .webp in the photo
// widths, which the menu names (the 640 WebP) and the browser picks from, as it does a
// restaurant's own photos. The SVGs stay as the sources, and for menus an older release saved
// with them. The drawings are deterministic; the encoded files are as this machine's sharp makes
// them. Run it again after changing a drawing and commit what changed.
//
//   node scripts/generate-demo-media.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { buildIfStale } from './lib/build.mjs'
import { PHOTO_WIDTHS, startPhotoWorker } from './lib/photo-worker.mjs'

const outDir = new URL('../apps/server/demo/media/', import.meta.url)

/** @typedef {[number, number]} Point */
/** @typedef {() => number} Random */
/** @typedef {(rnd: Random) => string} Garnish */
/** @typedef {(rnd: Random, cx: number, cy: number, r: number) => string} Toppings */
/** @typedef {(x: number, y: number, angle: number) => string} Placed */
/** @typedef {(x: number, y: number) => string} At */
/** @typedef {{ bg: string, scene?: boolean, draw: () => string }} Picture */

// ---------------------------------------------------------------------------------------
// Primitives. Numbers keep at most one decimal so the files stay small.

/** @type {(v: number) => number} */
const n = (v) => Math.round(v * 10) / 10
/** Scattered bits (peas, crumbs, dill) need no sub-pixel precision. */
const r0 = Math.round
/** @type {(more: string | undefined) => string} */
const attrs = (more) => (more ? ' ' + more : '')
/** @type {(cx: number, cy: number, r: number, fill: string, more?: string) => string} */
const circle = (cx, cy, r, fill, more) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attrs(more)}/>`
/** @type {(cx: number, cy: number, rx: number, ry: number, fill: string, more?: string) => string} */
const ellipse = (cx, cy, rx, ry, fill, more) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attrs(more)}/>`
/** @type {(d: string, fill: string, more?: string) => string} */
const path = (d, fill, more) => `<path d="${d}" fill="${fill}"${attrs(more)}/>`
/** @type {(d: string, stroke: string, width: number, more?: string) => string} */
const line = (d, stroke, width, more) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${attrs(more)}/>`
/** @type {(x: number, y: number, w: number, h: number, rx: number, fill: string, more?: string) => string} */
const rect = (x, y, w, h, rx, fill, more) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}"${attrs(more)}/>`
/** @type {(transform: string, body: string) => string} */
const group = (transform, body) => `<g transform="${transform}">${body}</g>`

/**
 * A seeded random source: the same picture every run.
 * @param {string} seed
 * @returns {Random}
 */
function random(seed) {
  let a = 2166136261
  for (const c of seed) a = Math.imul(a ^ c.charCodeAt(0), 16777619)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Points spread over a disc (or an ellipse), kept `gap` apart where possible.
 * @param {Random} rnd
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {number} count
 */
function scatter(rnd, cx, cy, r, count, gap = 0, ry = r) {
  /** @type {Point[]} */
  const points = []
  for (let tries = 0; points.length < count && tries < count * 40; tries++) {
    const a = rnd() * Math.PI * 2
    const d = Math.sqrt(rnd())
    /** @type {Point} */
    const p = [cx + Math.cos(a) * d * r, cy + Math.sin(a) * d * ry]
    if (points.every(([x, y]) => Math.hypot(x - p[0], y - p[1]) >= gap)) points.push(p)
  }
  return points
}

/** Points written out by hand: at('10 20, 30 40'). */
/** @type {(list: string) => Point[]} */
const at = (list) =>
  list.split(', ').map((pair) => /** @type {Point} */ (pair.split(' ').map(Number)))

/** Round dots: peas, berries, caviar, crumbs. */
/** @type {(points: Point[], color: string, size: number, more?: string) => string} */
const dots = (points, color, size, more) =>
  points.length === 0
    ? ''
    : line(points.map(([x, y]) => `M${r0(x)} ${r0(y)}h0`).join(''), color, size, more)

/** Short strokes at random angles: chopped dill, cabbage, grated cheese. */
/** @type {(rnd: Random, points: Point[], color: string, length: number, width: number) => string} */
const flecks = (rnd, points, color, length, width) =>
  line(
    points
      .map(([x, y]) => {
        const a = rnd() * Math.PI
        return `M${r0(x)} ${r0(y)}l${r0(Math.cos(a) * length)} ${r0(Math.sin(a) * length)}`
      })
      .join(''),
    color,
    width,
  )

/** Diced vegetables: small squares at random angles, with rounded corners. */
/**
 * @param {Random} rnd
 * @param {Point[]} points
 * @param {string} color
 * @param {number} size
 */
function cubes(rnd, points, color, size) {
  const d = points
    .map(([x, y]) => {
      const a = rnd() * Math.PI
      const c = r0(Math.cos(a) * size)
      const s = r0(Math.sin(a) * size)
      return `M${r0(x)} ${r0(y)}l${c} ${s}l${-s} ${c}l${-c} ${-s}z`
    })
    .join('')
  return `<path d="${d}" fill="${color}" stroke="${color}" stroke-width="2.5" stroke-linejoin="round"/>`
}

// ---------------------------------------------------------------------------------------
// Tableware and garnish.

/** @type {(cx: number, cy: number, r: number) => string} */
const shadow = (cx, cy, r) => circle(cx + 6, cy + 9, r, '#000', 'opacity=".22"')
/** @type {(cx: number, cy: number, r: number, rim?: string, well?: string) => string} */
const plate = (cx, cy, r, rim = '#f8f5ef', well = '#eee8dc') =>
  shadow(cx, cy, r) + circle(cx, cy, r, rim) + circle(cx, cy, r * 0.74, well)
/** @type {(cx: number, cy: number, r: number, inside: string, rim?: string) => string} */
const bowl = (cx, cy, r, inside, rim = '#f8f5ef') =>
  shadow(cx, cy, r) +
  circle(cx, cy, r, rim) +
  circle(cx, cy, r * 0.86, '#ddd5c6') +
  circle(cx, cy, r * 0.8, inside)
/** @type {(cx: number, cy: number, r: number) => string} */
const gloss = (cx, cy, r) =>
  line(
    `M${n(cx - r * 0.72)} ${n(cy - r * 0.12)}A${n(r * 0.74)} ${n(r * 0.74)} 0 0 1 ${n(cx - r * 0.12)} ${n(cy - r * 0.72)}`,
    '#fff',
    4,
    'opacity=".35"',
  )
/** @type {(cx: number, cy: number, r: number, inside: string) => string} */
const ramekin = (cx, cy, r, inside) => bowl(cx, cy, r, inside)
/** @type {(cx: number, cy: number, r: number) => string} */
const sourCream = (cx, cy, r) =>
  circle(cx, cy, r, '#efe6d3') + circle(cx - r * 0.15, cy - r * 0.18, r * 0.72, '#fcf9f2')
/** @type {At} */
const spoon = (x, y) =>
  path(
    `M${x} ${y - 34}c11 0 14 12 14 21s-6 19-11 22v78h-6v-78c-5-3-11-12-11-22s3-21 14-21z`,
    '#000',
    'opacity=".18" transform="translate(4 6)"',
  ) +
  path(
    `M${x} ${y - 34}c11 0 14 12 14 21s-6 19-11 22v78h-6v-78c-5-3-11-12-11-22s3-21 14-21z`,
    '#d4d8db',
  )
/** @type {At} */
const fork = (x, y) =>
  path(
    `M${x - 11} ${y - 34}v24c0 8 4 11 8 12v82h6v-82c4-1 8-4 8-12v-24h-3v22h-3v-22h-3v22h-3v-22h-3v22h-3v-22z`,
    '#d4d8db',
  )
/** @type {At} */
const knife = (x, y) => path(`M${x - 4} ${y + 90}v-86c0-18 3-32 9-38v124z`, '#d4d8db')
/** @type {(x: number, y: number, angle?: number, color?: string) => string} */
const dill = (x, y, angle = 0, color = '#4f8f3c') =>
  line(
    'M0 0c9-2 17-2 27 3M7-1l-3-8M7-1l-4 7M13-1l0-9M13-1l1 8M19 0l3-8M19 0l2 7M24 1l4-6',
    color,
    2,
    `transform="translate(${n(x)} ${n(y)})rotate(${Math.round(angle)})"`,
  )
/** @type {(x: number, y: number, color?: string) => string} */
const parsley = (x, y, color = '#4d8b34') =>
  circle(x, y, 7, color) +
  circle(x + 8, y - 4, 6, color) +
  circle(x + 5, y + 6, 6, color) +
  circle(x + 2, y - 1, 3, '#6aa84f')
/** @type {(cx: number, cy: number, r: number) => string} */
const lemonSlice = (cx, cy, r) => {
  let spokes = ''
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4
    spokes += `M${n(cx)} ${n(cy)}l${n(Math.cos(a) * r * 0.78)} ${n(Math.sin(a) * r * 0.78)}`
  }
  return (
    circle(cx, cy, r, '#f0c419') +
    circle(cx, cy, r * 0.84, '#f9e48c') +
    line(spokes, '#f0c419', 1.5)
  )
}
/** @type {(cx: number, cy: number, r: number, angle?: number) => string} */
const lemonWedge = (cx, cy, r, angle = 0) =>
  group(
    `translate(${cx} ${cy})rotate(${angle})`,
    path(`M${-r} 0a${r} ${r} 0 0 0 ${2 * r} 0z`, '#f0c419') +
      path(`M${-r * 0.8} 2a${r * 0.8} ${r * 0.8} 0 0 0 ${1.6 * r} 0z`, '#f9e48c') +
      line(
        `M0 2v${r * 0.7}M0 2l${r * 0.55} ${r * 0.5}M0 2l${-r * 0.55} ${r * 0.5}`,
        '#f0c419',
        1.5,
      ),
  )
/** @type {(x: number, y: number, angle: number, color?: string, size?: number) => string} */
const leaf = (x, y, angle, color = '#4f9a4a', size = 1) =>
  path(
    `M0 0c6-8 18-9 26 0c-8 9-20 8-26 0z`,
    color,
    `transform="translate(${x} ${y})rotate(${angle})scale(${size})"`,
  )
/** @type {(cx: number, cy: number, r: number) => string} */
const cherryTomato = (cx, cy, r) =>
  circle(cx, cy, r, '#d9412b') +
  circle(cx - r * 0.35, cy - r * 0.35, r * 0.25, '#ef7b62') +
  circle(cx, cy, 2.5, '#4f8f3c')

/** Wooden boards and tables. */
/** @type {(color: string) => string} */
const table = (color) =>
  `<rect width="400" height="300" fill="${color}"/>` +
  line('M0 75H400M0 150H400M0 225H400', '#000', 2, 'opacity=".08"')
/** @type {(x: number, y: number, w: number, h: number) => string} */
const board = (x, y, w, h) =>
  rect(x + 5, y + 8, w, h, 14, '#000', 'opacity=".2"') +
  rect(x, y, w, h, 14, '#c08a55') +
  line(`M${x + 14} ${y + h * 0.3}h${w - 28}M${x + 20} ${y + h * 0.62}h${w - 60}`, '#a8743f', 2)
/** Drinks are seen across the table: a wall behind, the tabletop below. */
/** @type {(wall: string, top: string) => string} */
const wallAndTable = (wall, top) =>
  `<rect width="400" height="300" fill="${wall}"/>` +
  rect(0, 228, 400, 72, 0, top) +
  line('M0 229H400', '#000', 3, 'opacity=".15"')
/** @type {(cx: number, rx: number) => string} */
const tableShadow = (cx, rx) => ellipse(cx + 8, 234, rx, 5, '#000', 'opacity=".25"')

// ---------------------------------------------------------------------------------------
// Dishes seen from above. Each returns the drawing without its background.

/** @param {{ seed: string, liquid: string, toppings: Toppings, cx?: number, cy?: number }} soup */
function soup({ seed, liquid, toppings, cx = 200, cy = 150 }) {
  const rnd = random(seed)
  return (
    plate(cx, cy, 122) +
    bowl(cx, cy, 96, liquid) +
    toppings(rnd, cx, cy, 76) +
    gloss(cx, cy, 76) +
    spoon(cx + 150, cy - 10)
  )
}

const borscht = () => {
  const rnd = random('borscht-bread')
  const buns = at('58 82, 96 70, 80 110')
    .map(([x, y]) => circle(x, y, 21, '#d08a3c') + circle(x - 3, y - 4, 16, '#e4a556'))
    .join('')
  return (
    soup({
      seed: 'borscht',
      liquid: '#9e1f35',
      cx: 222,
      toppings: (r, cx, cy, rr) =>
        line(
          scatter(r, cx, cy, rr - 10, 14)
            .map(([x, y]) => `M${n(x)} ${n(y)}l${n(r() * 12 - 6)} ${n(r() * 10 + 4)}`)
            .join(''),
          '#c0392b',
          3,
        ) +
        cubes(r, scatter(r, cx, cy, rr - 16, 5, 18), '#6e3b2a', 7) +
        sourCream(cx + 6, cy - 4, 20) +
        flecks(r, scatter(r, cx + 4, cy, rr - 6, 26), '#4f8f3c', 4, 2.5),
    }) +
    shadow(80, 92, 56) +
    circle(80, 92, 56, '#f8f5ef') +
    circle(80, 92, 42, '#eee8dc') +
    buns +
    dots(scatter(rnd, 78, 90, 40, 22), '#5d9a45', 2.5)
  )
}

const soupToppings = /** @satisfies {Record<string, Toppings>} */ ({
  solyanka: (r, cx, cy, rr) =>
    scatter(r, cx, cy, rr - 14, 5, 22)
      .map(([x, y]) => circle(x, y, 7, '#a95f4c') + circle(x, y, 4, '#c77a62'))
      .join('') +
    /** @type {Point[]} */ ([
      [cx - 38, cy + 22],
      [cx + 30, cy + 40],
      [cx + 44, cy - 18],
    ])
      .map(([x, y]) => circle(x, y, 7, '#2c2a26') + circle(x, y, 3, '#57483a'))
      .join('') +
    cubes(r, scatter(r, cx, cy, rr - 12, 6, 14), '#8d9e45', 5) +
    lemonSlice(cx - 16, cy - 20, 24) +
    sourCream(cx + 22, cy + 6, 14) +
    parsley(cx - 44, cy - 2),
  ukha: (r, cx, cy, rr) =>
    scatter(r, cx, cy, rr - 16, 5, 24)
      .map(([x, y], i) => circle(x, y, 11, i % 2 ? '#f4ebdd' : '#f2a07a'))
      .join('') +
    cubes(r, scatter(r, cx, cy, rr - 10, 6, 14), '#efd690', 6) +
    scatter(r, cx, cy, rr - 10, 6, 14)
      .map(([x, y]) => circle(x, y, 6, '#e57f30') + circle(x, y, 3, '#f29a4e'))
      .join('') +
    dots(scatter(r, cx, cy, rr - 8, 8), '#2f2a25', 3) +
    flecks(r, scatter(r, cx, cy, rr - 6, 30), '#4f8f3c', 4, 2.5) +
    dill(cx - 10, cy - 30, 20),
  shchi: (r, cx, cy, rr) =>
    line(
      scatter(r, cx, cy, rr - 12, 18)
        .map(
          ([x, y]) =>
            `M${n(x)} ${n(y)}q${n(r() * 10)} ${n(r() * 10 - 5)} ${n(r() * 14 + 6)} ${n(r() * 6)}`,
        )
        .join(''),
      '#e9e0a6',
      3.5,
    ) +
    line(
      scatter(r, cx, cy, rr - 12, 10)
        .map(([x, y]) => `M${n(x)} ${n(y)}l${n(r() * 10)} 6`)
        .join(''),
      '#e57f30',
      3,
    ) +
    sourCream(cx - 6, cy + 4, 18) +
    flecks(r, scatter(r, cx, cy, rr - 6, 24), '#4f8f3c', 4, 2.5),
  noodles: (r, cx, cy, rr) =>
    line(
      scatter(r, cx, cy, rr - 16, 14)
        .map(([x, y]) => `M${n(x)} ${n(y)}q6-8 12 0t12 0t12 0`)
        .join(''),
      '#f8e7b0',
      4,
    ) +
    scatter(r, cx, cy, rr - 10, 7, 16)
      .map(([x, y]) => circle(x, y, 6, '#e57f30') + circle(x, y, 3, '#f29a4e'))
      .join('') +
    cubes(r, scatter(r, cx, cy, rr - 14, 5, 18), '#f3e0c4', 7) +
    dots(scatter(r, cx, cy, rr - 4, 14), '#f7d978', 4) +
    flecks(r, scatter(r, cx, cy, rr - 6, 26), '#4f8f3c', 4, 2.5),
})

/** @type {(x: number, y: number, angle: number, r?: number) => string} */
const blinTriangle = (x, y, angle, r = 62) =>
  group(
    `translate(${x} ${y})rotate(${angle})`,
    path(`M0 0h${r}a${r} ${r} 0 0 1 ${-r} ${r}z`, '#d59a45') +
      path(`M3 3h${r - 8}a${r - 8} ${r - 8} 0 0 1 ${-(r - 8)} ${r - 8}z`, '#e8b868') +
      dots(
        [
          [r * 0.3, r * 0.2],
          [r * 0.55, r * 0.3],
          [r * 0.2, r * 0.5],
          [r * 0.4, r * 0.55],
        ],
        '#c8843a',
        4,
      ),
  )

/** @param {{ seed: string, topping: Garnish }} blini */
function blini({ seed, topping }) {
  const rnd = random(seed)
  return (
    plate(200, 150, 122) +
    blinTriangle(150, 92, 10) +
    blinTriangle(150, 152, -20) +
    blinTriangle(222, 80, 60) +
    topping(rnd) +
    fork(52, 150) +
    knife(348, 150)
  )
}

/** @type {At} */
const syrnik = (x, y) =>
  circle(x, y, 33, '#b9652a') + circle(x, y, 28, '#cf7d36') + circle(x - 3, y - 3, 18, '#dd9650')
const syrniki = () => {
  const rnd = random('syrniki')
  return (
    plate(200, 150, 122) +
    syrnik(160, 120) +
    syrnik(222, 108) +
    syrnik(190, 180) +
    dots(scatter(rnd, 190, 140, 70, 40), '#fbf7ef', 2) +
    ramekin(262, 190, 28, '#fbf7ef') +
    sourCream(262, 190, 14) +
    dots(scatter(rnd, 128, 180, 18, 5, 9), '#c0213b', 10) +
    dots(scatter(rnd, 240, 60, 14, 4, 9), '#3b3f7a', 9) +
    leaf(226, 56, -30, '#5aa05a', 0.7) +
    fork(52, 150)
  )
}

/**
 * @param {{ seed: string, base: string, mix: [string, number, number][], topping?: Garnish }} salad
 *   `mix` is the diced ingredients: colour, how many pieces, their size.
 */
function saladMound({ seed, base, mix, topping = () => '' }) {
  const rnd = random(seed)
  return (
    plate(200, 150, 122) +
    circle(200, 150, 74, base) +
    mix
      .map(([color, count, size]) => cubes(rnd, scatter(rnd, 200, 150, 64, count), color, size))
      .join('') +
    topping(rnd) +
    fork(52, 150) +
    knife(348, 150)
  )
}

const herringUnderFurCoat = () => {
  const rnd = random('shuba')
  let mesh = ''
  for (let i = -3; i <= 3; i++) mesh += `M${145 + i * 20} 95l110 110M${255 + i * 20} 95l-110 110`
  return (
    plate(200, 150, 122) +
    circle(200, 150, 70, '#f4e3b8') +
    circle(200, 150, 64, '#8e2352') +
    `<clipPath id="s"><circle cx="200" cy="150" r="62"/></clipPath>` +
    line(mesh, '#f6efe1', 2, 'clip-path="url(#s)" opacity=".8"') +
    dots(scatter(rnd, 200, 150, 26, 26), '#f2c94c', 4) +
    dill(188, 146, -20) +
    dill(196, 156, 160) +
    fork(52, 150) +
    knife(348, 150)
  )
}

const gardenSalad = () => {
  const rnd = random('garden')
  const tomatoes = scatter(rnd, 200, 150, 54, 6, 34)
    .map(
      ([x, y]) =>
        `<use href="#t" transform="translate(${r0(x)} ${r0(y)})rotate(${r0(rnd() * 360)})"/>`,
    )
    .join('')
  const cucumbers = scatter(rnd, 200, 150, 58, 7, 26)
    .map(([x, y]) => `<use href="#u" x="${r0(x)}" y="${r0(y)}"/>`)
    .join('')
  return (
    '<defs><g id="t">' +
    path('M-20 0a20 20 0 0 0 40 0z', '#d9412b') +
    path('M-15 2a15 15 0 0 0 30 0z', '#ef6a4f') +
    dots(at('-7 8, 0 10, 7 8'), '#f7d9a8', 3) +
    '</g><g id="u">' +
    circle(0, 0, 14, '#4c8a3a') +
    circle(0, 0, 11, '#cfe3a1') +
    circle(0, 0, 4, '#b2cd7d') +
    '</g></defs>' +
    bowl(200, 150, 100, '#eef0e4') +
    cucumbers +
    tomatoes +
    scatter(rnd, 200, 150, 50, 3, 30)
      .map(([x, y]) => circle(x, y, 12, 'none', 'stroke="#8a3a78" stroke-width="3"'))
      .join('') +
    sourCream(214, 142, 16) +
    flecks(rnd, scatter(rnd, 200, 150, 70, 26), '#4f8f3c', 4, 2.5) +
    fork(52, 150)
  )
}

const herring = () => {
  const rnd = random('herring')
  // Herring is served cut across into chunks laid out as the fish was, under rings of onion.
  const chunks = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const x = 84 + i * 35
      const h = 62 - Math.abs(i - 2) * 7
      return (
        rect(x, 120 - h / 2, 31, h, 9, '#c3cad1') +
        rect(x, 120 - h / 2, 31, 13, 6, '#4e5d6c') +
        rect(x + 4, 120 + h / 2 - 13, 23, 8, 4, '#e6c3b3')
      )
    })
    .join('')
  /** @type {At} */
  const potato = (x, y) =>
    ellipse(x, y, 24, 18, '#e3c47a') + ellipse(x - 2, y - 2, 18, 13, '#f3e0a6')
  return (
    ellipse(206, 159, 150, 96, '#000', 'opacity=".22"') +
    ellipse(200, 150, 150, 96, '#f8f5ef') +
    ellipse(200, 150, 124, 74, '#eee8dc') +
    path('M296 120l30-22-10 22 10 22z', '#4e5d6c') +
    chunks +
    line(
      'M100 114c12-16 36-16 48 0M168 128c12-16 36-16 48 0M226 112c10-14 30-14 40 0',
      '#b07aa8',
      3.5,
    ) +
    line('M130 132c8-10 22-10 30 0M206 108c8-10 22-10 30 0', '#d9b8d4', 3) +
    potato(148, 192) +
    potato(204, 200) +
    potato(260, 190) +
    flecks(rnd, scatter(rnd, 204, 192, 76, 24, 0, 16), '#4f8f3c', 4, 2.5) +
    dill(300, 176, -40)
  )
}

const pickles = () => {
  const rnd = random('pickles')
  /** @type {Placed} */
  const cucumber = (x, y, a) =>
    group(
      `translate(${x} ${y})rotate(${a})`,
      rect(-34, -12, 68, 24, 12, '#5d7d2e') +
        rect(-30, -7, 60, 8, 4, '#7b9a42') +
        dots(at('-18 3, -4 4, 10 3, 22 2'), '#46611f', 3),
    )
  return (
    board(40, 50, 320, 200) +
    cucumber(110, 100, -20) +
    cucumber(120, 140, -10) +
    cucumber(96, 184, 15) +
    circle(244, 96, 26, '#c9372c') +
    circle(236, 88, 8, '#e0604d') +
    circle(298, 118, 22, '#b3301f') +
    circle(292, 110, 7, '#d5533f') +
    circle(244, 96, 3, '#5d7d2e') +
    circle(260, 182, 48, '#efe7c0') +
    line(
      scatter(rnd, 260, 182, 40, 20)
        .map(([x, y]) => `M${n(x)} ${n(y)}q6 ${n(rnd() * 8 - 4)} 14 ${n(rnd() * 6 - 3)}`)
        .join(''),
      '#d8cd90',
      2.5,
    ) +
    dots(scatter(rnd, 260, 182, 38, 12), '#e57f30', 3) +
    dots(scatter(rnd, 262, 180, 30, 7, 10), '#b3172f', 7) +
    dill(180, 70, 30)
  )
}

/** @type {Garnish} */
const blinCaviar = (rnd) =>
  at('180 118, 176 180, 248 112')
    .map(
      ([x, y]) =>
        dots(scatter(rnd, x, y, 15, 22), '#e0531f', 5) +
        dots(scatter(rnd, x - 3, y - 3, 10, 6), '#f79a55', 2),
    )
    .join('') +
  ramekin(262, 196, 26, '#fbf7ef') +
  sourCream(262, 196, 13) +
  dill(236, 154, -30)

const pirozhki = () => {
  /** @type {Placed} */
  const pie = (x, y, a) =>
    group(
      `translate(${x} ${y})rotate(${a})`,
      ellipse(0, 0, 44, 27, '#b9692c') +
        ellipse(-2, -3, 38, 21, '#d88c3e') +
        ellipse(-10, -9, 14, 6, '#eab16a') +
        line('M-30 6q30 8 60 0', '#b9692c', 3, 'stroke-dasharray="3 4"'),
    )
  return (
    board(40, 40, 320, 220) +
    pie(130, 105, -12) +
    pie(255, 100, 10) +
    pie(140, 190, 8) +
    group(
      'translate(262 188)rotate(-8)',
      ellipse(0, 0, 44, 27, '#b9692c') +
        ellipse(0, 2, 34, 18, '#f1e4c4') +
        ellipse(2, 4, 26, 11, '#c7cf86') +
        dots(at('-10 4, 4 2, 12 6'), '#f2c94c', 6),
    )
  )
}

const stroganoff = () => {
  const rnd = random('stroganoff')
  const strips = scatter(rnd, 236, 150, 42, 12, 15)
    .map(([x, y]) => {
      const a = Math.round(rnd() * 180)
      return rect(
        -12,
        -5,
        24,
        10,
        5,
        '#74401f',
        `transform="translate(${r0(x)} ${r0(y)})rotate(${a})"`,
      )
    })
    .join('')
  return (
    plate(200, 150, 122) +
    path('M196 84c40-8 86 10 90 60s-32 82-84 74c-24-4 6-38 4-70s-38-58-10-64z', '#cfa071') +
    path(
      'M212 100c30 0 56 16 58 44',
      'none',
      'stroke="#e3c094" stroke-width="5" stroke-linecap="round"',
    ) +
    strips +
    path('M110 120c10-24 60-30 78-6c14 22 4 66-26 72c-36 6-64-34-52-66z', '#f3e1a8') +
    line('M128 130c14-14 34-14 44 0M132 154c12 10 30 10 38-2', '#e1c47f', 3) +
    rect(142, 136, 14, 12, 2, '#f7d35a') +
    dots(scatter(rnd, 240, 150, 40, 10), '#4f8f3c', 4) +
    fork(52, 150) +
    knife(348, 150)
  )
}

const chickenKiev = () => {
  const rnd = random('kiev')
  return (
    plate(200, 150, 122) +
    path('M112 118c-10-30 26-46 50-38c18 6 12 40-10 46c-16 4-34 8-40-8z', '#f3e1a8') +
    dots(scatter(rnd, 136, 176, 26, 16, 9), '#7fb04a', 9) +
    group(
      'translate(220 150)rotate(-25)',
      rect(56, -5, 40, 10, 5, '#f1e6d0') +
        path('M92-12l4 4-4 4 4 4-4 4 4 4-4 4h14v-24z', '#fdfbf6') +
        ellipse(0, 0, 66, 42, '#b86f22') +
        ellipse(-2, -3, 60, 36, '#d58d36') +
        dots(scatter(rnd, -2, -3, 54, 30, 0, 30), '#e8ad5a', 4) +
        path('M-58 6c-10 14 0 30 16 28c-4-8-6-20-16-28z', '#d9c64f'),
    ) +
    fork(52, 150) +
    knife(348, 150)
  )
}

const steak = () => {
  const rnd = random('steak')
  const meat = 'M118 112c12-34 92-44 132-24c34 18 28 76-6 98c-38 24-104 22-124-8c-10-16-8-44-2-66z'
  return (
    rect(58, 44, 284, 212, 20, '#000', 'opacity=".25" transform="translate(5 8)"') +
    rect(58, 44, 284, 212, 20, '#2e3236') +
    `<clipPath id="m"><path d="${meat}"/></clipPath>` +
    path(meat, '#6b2f1c') +
    path('M150 80c40-12 84-6 100 8', 'none', 'stroke="#e8c99c" stroke-width="9"') +
    line(
      'M110 120l70 70M140 96l80 80M176 84l78 78M214 80l50 50',
      '#3b170c',
      8,
      'clip-path="url(#m)" opacity=".7"',
    ) +
    path('M130 120c10-20 60-26 86-14', 'none', 'stroke="#8c452a" stroke-width="6" opacity=".6"') +
    dots(scatter(rnd, 188, 140, 56, 16), '#e9d9b5', 2.5) +
    cherryTomato(276, 198, 14) +
    cherryTomato(300, 178, 12) +
    cherryTomato(292, 212, 11) +
    line('M266 62l40 60', '#5e7d3a', 3) +
    line(
      'M272 70l-8 4M278 80l-8 4M284 90l-8 4M290 100l-8 4M276 68l6-6M282 78l6-6M288 88l6-6M294 98l6-6',
      '#6f9a46',
      3,
    ) +
    ramekin(110, 208, 26, '#b98b53') +
    dots(scatter(rnd, 110, 208, 14, 8), '#3b2a1a', 3)
  )
}

const cutlets = () => {
  const rnd = random('pozharsky')
  /** @type {Placed} */
  const cutlet = (x, y, a) =>
    group(
      `translate(${x} ${y})rotate(${a})`,
      ellipse(0, 0, 46, 30, '#b06a22') +
        ellipse(-2, -3, 40, 25, '#d69140') +
        dots(scatter(rnd, -2, -3, 36, 20, 0, 22), '#eab062', 4),
    )
  return (
    plate(200, 150, 122) +
    circle(150, 150, 52, '#7a4a2a') +
    dots(scatter(rnd, 150, 150, 48, 70), '#9a6236', 5.5) +
    dots(scatter(rnd, 150, 150, 46, 22), '#5e3519', 4) +
    cutlet(236, 118, -15) +
    cutlet(240, 186, 10) +
    parsley(140, 140) +
    fork(52, 150) +
    knife(348, 150)
  )
}

const golubtsy = () => {
  const rnd = random('golubtsy')
  /** @type {Placed} */
  const roll = (x, y, a) =>
    group(
      `translate(${x} ${y})rotate(${a})`,
      rect(-40, -22, 80, 44, 22, '#b9c37c') +
        rect(-36, -18, 72, 36, 18, '#d3dc9a') +
        line('M-30 0h60M-16-12l10 12-10 12M8-12l10 12-10 12', '#b3be72', 2),
    )
  return (
    bowl(200, 150, 110, '#cf6a3c') +
    dots(scatter(rnd, 200, 150, 80, 20), '#e08a5a', 6) +
    roll(166, 120, 20) +
    roll(236, 132, -14) +
    roll(196, 192, 4) +
    sourCream(170, 176, 16) +
    flecks(rnd, scatter(rnd, 200, 150, 76, 24), '#4f8f3c', 4, 2.5) +
    spoon(352, 140)
  )
}

const duckLeg = () => {
  /** @type {At} */
  const apple = (x, y) =>
    circle(x, y, 26, '#b8322a') +
    circle(x, y, 22, '#f0d68a') +
    circle(x, y, 12, '#e6c26a') +
    path(`M${x} ${y - 8}l3 6 6 2-6 2-3 6-3-6-6-2 6-2z`, '#8a5a2a')
  const rnd = random('duck')
  return (
    plate(200, 150, 122) +
    path(
      'M120 170c-20-40 10-90 60-90c40 0 60 36 40 64l60 40c10-4 22 4 16 14c8 2 6 16-6 14c-2 12-16 8-14-2l-62-36c-30 26-80 30-94-4z',
      '#8c4a1e',
    ) +
    path('M132 162c-14-34 12-70 50-70c30 0 44 26 30 48c-22 30-66 46-80 22z', '#b5672b') +
    path(
      'M146 112c10-10 26-12 36-6',
      'none',
      'stroke="#e0a060" stroke-width="6" stroke-linecap="round"',
    ) +
    apple(266, 104) +
    apple(246, 206) +
    dots(scatter(rnd, 300, 160, 16, 9, 8), '#b3172f', 8) +
    dots(scatter(rnd, 170, 210, 18, 6, 8), '#b3172f', 7) +
    line('M302 130l-20 26', '#6f8a46', 2) +
    dots(at('296 136, 290 144, 286 150, 300 140'), '#7fa04f', 4) +
    knife(348, 150) +
    fork(52, 150)
  )
}

/** @param {{ seed: string, flesh: string, crust: string, garnish: Garnish }} fish */
function fish({ seed, flesh, crust, garnish }) {
  const rnd = random(seed)
  return (
    plate(200, 150, 122) +
    garnish(rnd) +
    group(
      'translate(196 150)rotate(-14)',
      path(
        'M-82 0c10-30 60-42 110-34c30 4 50 18 56 34c-6 16-26 30-56 34c-50 8-100-4-110-34z',
        crust,
      ) +
        path(
          'M-74 2c10-24 56-32 100-26c24 4 40 14 46 26c-6 12-22 22-46 24c-44 6-90-2-100-24z',
          flesh,
        ) +
        line(
          'M-40-24c8 10 8 40 0 48M-10-28c8 12 8 46 0 56M20-26c8 12 8 42 0 52M48-20c6 10 6 32 0 40',
          crust,
          3,
          'opacity=".55"',
        ),
    ) +
    lemonWedge(262, 76, 22, 20) +
    fork(52, 150) +
    knife(348, 150)
  )
}

/** @param {{ seed: string, shape: 'pelmeni' | 'vareniki', count: number, sauce: Garnish }} dumplings */
function dumplings({ seed, shape, count, sauce }) {
  const rnd = random(seed)
  const points = scatter(rnd, 196, 150, 62, count, shape === 'pelmeni' ? 30 : 44)
  const one =
    shape === 'pelmeni'
      ? circle(0, 0, 16, '#e6d2a8') +
        circle(-2, -2, 12, '#f6ead0') +
        path('M-9 6q9 6 18 0', 'none', 'stroke="#d8c195" stroke-width="2"')
      : path('M-30 6a30 28 0 0 1 60 0z', '#e3cf9f') +
        path('M-25 4a25 22 0 0 1 50 0z', '#f6ebd2') +
        line('M-28 4a28 26 0 0 1 56 0', '#d2bb86', 3, 'stroke-dasharray="2 5"')
  const placed = points
    .map(
      ([x, y]) =>
        `<use href="#p" transform="translate(${r0(x)} ${r0(y)})rotate(${r0(rnd() * 360)})"/>`,
    )
    .join('')
  return (
    `<defs><g id="p">${one}</g></defs>` + plate(200, 150, 122) + placed + sauce(rnd) + fork(52, 150)
  )
}

/** @param {{ seed: string, vessel: 'bowl' | 'pan', base: string, grains: Garnish, extras: Garnish }} side */
function side({ seed, vessel, base, grains, extras }) {
  const rnd = random(seed)
  const holder =
    vessel === 'pan'
      ? rect(300, 140, 90, 20, 8, '#1d1d1d') +
        shadow(196, 150, 112) +
        circle(196, 150, 112, '#232323') +
        circle(196, 150, 98, base)
      : bowl(200, 150, 104, base)
  return (
    mushroomDef + holder + grains(rnd) + extras(rnd) + (vessel === 'pan' ? '' : spoon(352, 140))
  )
}

const mushroomDef =
  '<defs><g id="k">' +
  path('M-12 2c0-12 24-12 24 0z', '#8a5a34') +
  rect(-4, 1, 8, 10, 3, '#e9d6b5') +
  '</g></defs>'
/** @type {Placed} */
const mushroom = (x, y, a) =>
  `<use href="#k" transform="translate(${r0(x)} ${r0(y)})rotate(${a})"/>`

/** @type {(rnd: Random, cx: number, cy: number, r: number, count: number) => string} */
const potatoSlices = (rnd, cx, cy, r, count) =>
  `<defs><g id="q">${ellipse(0, 0, 18, 13, '#c27a2a') + ellipse(0, 0, 13, 9, '#e7b15a')}</g></defs>` +
  scatter(rnd, cx, cy, r, count, 22)
    .map(
      ([x, y]) =>
        `<use href="#q" transform="translate(${r0(x)} ${r0(y)})rotate(${r0(rnd() * 180)})"/>`,
    )
    .join('')

/**
 * A slice of layered cake on a plate, seen from the front.
 * @param {{ seed: string, top: string, layers: [string, number][], garnish: Garnish }} cake
 *   `layers` from the top down: colour and thickness.
 */
function cake({ seed, top, layers, garnish }) {
  const rnd = random(seed)
  const x0 = 130
  const x1 = 262
  const depth = 26
  let y = 118
  let bands = ''
  for (const [color, h] of layers) {
    bands += rect(x0, y, x1 - x0, h, 0, color)
    bands += path(`M${x1} ${y}l${depth} ${-depth}v${h}l${-depth} ${depth}z`, color, 'opacity=".85"')
    y += h
  }
  return (
    ellipse(206, 216, 140, 50, '#000', 'opacity=".22"') +
    ellipse(200, 206, 140, 50, '#f8f5ef') +
    ellipse(200, 206, 104, 34, '#eee8dc') +
    bands +
    path(
      `M${x1} 118l${depth} ${-depth}V${y - depth}l${-depth} ${depth}z`,
      '#000',
      'opacity=".12"',
    ) +
    path(`M${x0} 118l${depth} ${-depth}h${x1 - x0}l${-depth} ${depth}z`, top) +
    dots(scatter(rnd, 208, 105, 50, 26, 0, 8), '#000', 3, 'opacity=".15"') +
    garnish(rnd) +
    fork(360, 150)
  )
}

const iceCream = () => {
  /** @type {At} */
  const scoop = (x, y) => circle(x, y, 32, '#eadbbb') + circle(x - 3, y - 3, 28, '#f7eedb')
  return (
    bowl(200, 150, 104, '#dfe6ea', '#eef2f4') +
    scoop(170, 128) +
    scoop(232, 132) +
    scoop(200, 182) +
    line('M146 120c14 10 30-4 44 6s20 22 40 10s20-6 30 4M178 176c10 8 26 0 40 10', '#b3172f', 5) +
    group(
      'translate(236 84)rotate(35)',
      rect(0, 0, 70, 16, 3, '#d9a35b') +
        line('M12 0v16M24 0v16M36 0v16M48 0v16M60 0v16', '#b9803b', 2),
    ) +
    leaf(188, 150, -40, '#4f9a4a', 0.8) +
    leaf(196, 146, 20, '#5daa55', 0.7) +
    spoon(352, 140)
  )
}

const eggsSkillet = () => {
  /** @type {At} */
  const egg = (x, y) =>
    path(
      `M${x - 34} ${y}c-2-24 24-36 40-30c22 6 34 24 24 42c-10 18-36 20-52 10c-8-4-12-12-12-22z`,
      '#fbf8f1',
    ) +
    circle(x + 2, y + 2, 13, '#f2a81d') +
    circle(x - 2, y - 2, 4, '#f9d06a')
  const rnd = random('eggs')
  return (
    rect(292, 140, 96, 20, 8, '#1d1d1d') +
    shadow(196, 150, 112) +
    circle(196, 150, 112, '#232323') +
    circle(196, 150, 98, '#3a3a3a') +
    line(
      'M120 190c10-10 20 10 30 0s20 10 30 0s20 10 30 0M140 218c10-10 20 10 30 0s20 10 30 0s20 10 30 0',
      '#b8493a',
      10,
    ) +
    line(
      'M120 190c10-10 20 10 30 0s20 10 30 0s20 10 30 0M140 218c10-10 20 10 30 0s20 10 30 0s20 10 30 0',
      '#f0b7a5',
      3,
    ) +
    egg(158, 118) +
    egg(236, 120) +
    cherryTomato(252, 192, 14) +
    cherryTomato(272, 170, 12) +
    dots(scatter(rnd, 200, 140, 70, 18), '#4f8f3c', 4)
  )
}

const draniki = () => {
  const rnd = random('draniki')
  /** @type {At} */
  const pancake = (x, y) =>
    circle(x, y, 36, '#b8691f') +
    circle(x - 2, y - 2, 31, '#d99140') +
    line(
      scatter(rnd, x - 2, y - 2, 26, 10)
        .map(([px, py]) => `M${n(px)} ${n(py)}l${n(rnd() * 10 - 5)} ${n(rnd() * 10 - 5)}`)
        .join(''),
      '#efb660',
      3,
    )
  return (
    plate(200, 150, 122) +
    pancake(154, 128) +
    pancake(226, 116) +
    pancake(184, 194) +
    group(
      'translate(262 180)rotate(-30)',
      rect(-26, -14, 52, 28, 10, '#e9794a') +
        line('M-14-12l-6 24M0-12l-6 24M14-12l-6 24', '#fbd1bb', 2.5),
    ) +
    group(
      'translate(272 150)rotate(10)',
      rect(-24, -12, 48, 24, 10, '#f08a5d') +
        line('M-12-10l-5 20M2-10l-5 20M16-10l-5 20', '#fbd1bb', 2.5),
    ) +
    sourCream(196, 154, 16) +
    dill(232, 196, -20) +
    fork(52, 150)
  )
}

/** @param {{ seed: string, base: string, texture: string, toppings: Garnish }} porridge */
function porridge({ seed, base, texture, toppings }) {
  const rnd = random(seed)
  return (
    bowl(200, 150, 108, base) +
    dots(scatter(rnd, 200, 150, 80, 60), texture, 4) +
    toppings(rnd) +
    gloss(200, 150, 82) +
    spoon(352, 140)
  )
}

const cappuccino = () =>
  shadow(200, 150, 104) +
  circle(200, 150, 104, '#f3efe7') +
  circle(200, 150, 92, '#e9e3d8') +
  rect(262, 138, 50, 24, 12, '#f8f6f1') +
  circle(200, 150, 72, '#000', 'opacity=".15"') +
  circle(198, 148, 72, '#fbfaf7') +
  circle(198, 148, 60, '#b87a44') +
  circle(198, 148, 52, '#c98f58') +
  path(
    'M198 182c-26-18-40-30-40-46c0-12 10-20 20-20c8 0 16 4 20 12c4-8 12-12 20-12c10 0 20 8 20 20c0 16-14 28-40 46z',
    '#f5e9d6',
  ) +
  path('M88 220l50-30', 'none', 'stroke="#c9ced2" stroke-width="6" stroke-linecap="round"') +
  ellipse(82, 224, 12, 8, '#c9ced2') +
  ellipse(300, 240, 12, 8, '#4a2c1a', 'transform="rotate(30 300 240)"') +
  ellipse(326, 222, 12, 8, '#4a2c1a', 'transform="rotate(-20 326 222)"') +
  line('M296 236l8 8M322 218l9 8', '#2e1a0e', 2)

// ---------------------------------------------------------------------------------------
// Drinks, seen across the table.

const glassFill =
  'fill="#fff" fill-opacity=".14" stroke="#fff" stroke-opacity=".55" stroke-width="2"'

/**
 * @param {number} x
 * @param {string} liquid
 * @param {string} surface
 */
function wineGlass(x, liquid, surface, level = 112) {
  const glassBowl = `M${x - 38} 60c-4 68 8 108 38 110c30-2 42-42 38-110z`
  return (
    tableShadow(x, 36) +
    ellipse(x, 232, 32, 6, '#fff', 'opacity=".45"') +
    line(`M${x} 168V230`, '#fff', 5, 'opacity=".55"') +
    `<clipPath id="g${x}"><path d="${glassBowl}"/></clipPath>` +
    `<g clip-path="url(#g${x})">${rect(x - 44, level, 88, 70, 0, liquid) + ellipse(x, level, 44, 6, surface)}</g>` +
    `<path d="${glassBowl}" ${glassFill}/>` +
    line(`M${x - 26} 76c-3 30 0 52 10 68`, '#fff', 4, 'opacity=".6"')
  )
}

/**
 * @param {number} x
 * @param {string} glass
 * @param {string} label
 * @param {string} foil
 */
function bottle(x, glass, label, foil) {
  return (
    tableShadow(x, 34) +
    path(`M${x - 30} 232V124c0-22 20-28 21-48V34h18v42c1 20 21 26 21 48v108z`, glass) +
    rect(x - 10, 30, 20, 26, 3, foil) +
    rect(x - 24, 150, 48, 48, 3, label) +
    rect(x - 16, 162, 32, 6, 2, foil) +
    rect(x - 12, 176, 24, 3, 1, '#9a8f7a') +
    rect(x - 24, 110, 7, 110, 3, '#fff', 'opacity=".12"')
  )
}

/** @type {(x: number, angle: number) => string} */
const flute = (x, angle) =>
  group(
    `rotate(${angle} ${x} 232)`,
    ellipse(x, 232, 24, 5, '#fff', 'opacity=".45"') +
      line(`M${x} 172V230`, '#fff', 4, 'opacity=".55"') +
      path(`M${x - 19} 80c-2 50 2 84 19 90c17-6 21-40 19-90z`, '#ecd27c') +
      dots(
        [
          [x - 6, 150],
          [x + 4, 130],
          [x - 4, 112],
          [x + 6, 100],
          [x, 160],
        ],
        '#fff6d0',
        3,
      ) +
      `<path d="M${x - 20} 46c-3 74 2 118 20 126c18-8 23-52 20-126z" ${glassFill}/>`,
  )

/** @param {{ liquid: string, top: string, garnish: string, ice?: boolean }} glass */
function tallGlass({ liquid, top, garnish, ice = true }) {
  const cubesOfIce = ice
    ? [
        [180, 112, 12],
        [212, 104, -18],
        [196, 140, 30],
      ]
        .map(([x, y, a]) =>
          rect(
            -14,
            -14,
            28,
            28,
            6,
            '#fff',
            `opacity=".35" transform="translate(${x} ${y})rotate(${a})"`,
          ),
        )
        .join('')
    : ''
  return (
    tableShadow(200, 44) +
    path('M156 96l6 134h76l6-134z', liquid) +
    ellipse(200, 96, 44, 6, top) +
    cubesOfIce +
    line('M222 40l-16 150', '#e9e4da', 7) +
    `<path d="M152 60l8 172h80l8-172z" ${glassFill}/>` +
    line('M166 80l5 130', '#fff', 4, 'opacity=".45"') +
    garnish
  )
}

/**
 * @param {number} x
 * @param {string} liquid
 * @param {string} top
 */
function shotGlass(x, liquid, top, scale = 1.5) {
  return (
    tableShadow(x, 22 * scale) +
    group(
      `translate(${x} 232)scale(${scale})`,
      path('M-16-48l3 46h26l3-46z', liquid) +
        ellipse(0, -48, 16, 3, top) +
        '<path d="M-18-72l4 72h28l4-72z" fill="#fff" fill-opacity=".14" stroke="#fff" stroke-opacity=".55" stroke-width="1.5"/>' +
        rect(-14, -9, 28, 9, 2, '#fff', 'opacity=".3"') +
        line('M-10-64l2 54', '#fff', 2.5, 'opacity=".5"'),
    )
  )
}

/** @type {At} */
const blackBread = (x, y) =>
  path(`M${x} ${y + 50}V${y + 16}c0-22 64-22 64 0v34z`, '#3a2216') +
  path(`M${x + 5} ${y + 45}V${y + 17}c0-15 54-15 54 0v28z`, '#6a4530') +
  dots(
    [
      [x + 16, y + 24],
      [x + 34, y + 32],
      [x + 46, y + 20],
      [x + 24, y + 38],
    ],
    '#8a6246',
    3,
  )
/** @type {(x: number, w?: number) => string} */
const ryeLoaf = (x, w = 110) =>
  tableShadow(x, w / 2) +
  path(`M${x - w / 2} 230c0-50 ${w}-50 ${w} 0z`, '#3a2216') +
  line(`M${x - w / 4} 200l14 14M${x} 196l14 14M${x + w / 4 - 6} 202l12 12`, '#6a4530', 4) +
  dots(
    [
      [x - 20, 214],
      [x + 10, 220],
      [x + 26, 212],
    ],
    '#8a6246',
    3,
  )

const samovar = () => {
  const rnd = random('samovar')
  return (
    tableShadow(170, 90) +
    rect(132, 212, 76, 16, 4, '#8e6420') +
    path('M120 214c-16-30-14-76 16-104h68c30 28 32 74 16 104z', '#d4a43f') +
    path('M170 110h34c30 28 32 74 16 104h-50z', '#b8862c') +
    rect(118, 148, 104, 10, 4, '#a27221') +
    line('M136 130h68M126 186h88', '#f1d27a', 3, 'opacity=".5"') +
    path('M120 158c-20 0-34 6-40 18h-6v10h18c4-8 12-12 28-12z', '#b8862c') +
    rect(78, 172, 14, 10, 2, '#6b4a16') +
    line('M120 122c-16 0-20 20-4 20M220 122c16 0 20 20 4 20', '#2c2420', 7) +
    rect(146, 96, 48, 16, 4, '#b8862c') +
    path('M140 96c0-30 60-30 60 0z', '#f5f1ea') +
    path('M200 76l24-12-4 10-20 12z', '#f5f1ea') +
    path('M152 56h36v10h-36z', '#e9e2d4') +
    circle(170, 50, 6, '#e9e2d4') +
    dots(scatter(rnd, 170, 82, 14, 5, 8, 6), '#2f5fa0', 6) +
    ellipse(300, 232, 46, 7, '#f5f1ea') +
    path('M270 192h60l-6 36h-48z', '#f5f1ea') +
    line('M330 200c14 0 14 18-2 18', '#f5f1ea', 5) +
    ellipse(300, 192, 30, 5, '#8c3a12') +
    circle(356, 220, 14, 'none', 'stroke="#d9a35b" stroke-width="8"') +
    circle(250, 240, 12, 'none', 'stroke="#d9a35b" stroke-width="7"')
  )
}

const podstakannik = () => {
  let lattice = ''
  for (let i = 0; i < 6; i++)
    lattice += `M${160 + i * 14} 162l14 24-14 24M${174 + i * 14} 162l-14 24 14 24`
  return (
    tableShadow(200, 56) +
    path(
      'M160 64l4 96h72l4-96z',
      '#fff',
      'fill-opacity=".18" stroke="#fff" stroke-opacity=".5" stroke-width="2"',
    ) +
    path('M162 88l3 72h70l3-72z', '#a4521f') +
    ellipse(200, 88, 38, 5, '#c06a30') +
    line('M216 40l-12 110', '#c9ced2', 5) +
    path('M156 154h88l-6 70h-76z', '#b7b1a6') +
    line(lattice, '#8e877b', 2, 'clip-path="url(#h)"') +
    `<clipPath id="h"><path d="M158 160h84l-5 64h-74z"/></clipPath>` +
    rect(150, 150, 100, 10, 4, '#cfc9bd') +
    rect(154, 222, 92, 8, 3, '#cfc9bd') +
    line('M246 164c26 0 28 48 0 50', '#b7b1a6', 8) +
    rect(84, 216, 50, 9, 4, '#8c4a24', 'transform="rotate(-12 110 220)"') +
    path('M300 214l6 12 12 2-9 9 2 13-11-6-11 6 2-13-9-9 12-2z', '#5a2d14')
  )
}

// ---------------------------------------------------------------------------------------
// The pictures, by file name. `bg` is the dominant colour: the menu file's placeholder.

const palette = {
  starters: '#3f5f4b',
  salads: '#6c8a5a',
  soups: '#2f5d62',
  meat: '#5c3a2a',
  fish: '#35506b',
  dumplings: '#a9573b',
  sides: '#8a6b47',
  desserts: '#d9a999',
  breakfast: '#e2b955',
  soft: '#1f6f78',
  tea: '#7a2e2e',
  wine: '#4a2331',
  bar: '#2b2f36',
  cocktails: '#284b63',
}

const dishes = /** @satisfies {Record<string, Picture>} */ ({
  borscht: { bg: palette.soups, draw: borscht },
  solyanka: {
    bg: palette.soups,
    draw: () => soup({ seed: 'solyanka', liquid: '#c4562a', toppings: soupToppings.solyanka }),
  },
  ukha: {
    bg: palette.soups,
    draw: () => soup({ seed: 'ukha', liquid: '#e0b461', toppings: soupToppings.ukha }),
  },
  shchi: {
    bg: palette.soups,
    draw: () =>
      soup({ seed: 'shchi', liquid: '#c99a5b', toppings: soupToppings.shchi, cx: 226 }) +
      blackBread(26, 40) +
      blackBread(34, 206),
  },
  'chicken-noodle': {
    bg: palette.soups,
    draw: () => soup({ seed: 'noodles', liquid: '#e6b94c', toppings: soupToppings.noodles }),
  },
  'herring-potatoes': { bg: palette.starters, draw: herring },
  pickles: { bg: palette.starters, draw: pickles },
  'blini-caviar': {
    bg: palette.starters,
    draw: () => blini({ seed: 'caviar', topping: blinCaviar }),
  },
  pirozhki: { bg: palette.starters, draw: pirozhki },
  olivier: {
    bg: palette.salads,
    draw: () =>
      saladMound({
        seed: 'olivier',
        base: '#f1e6c4',
        mix: [
          ['#f2dfa5', 26, 8],
          ['#fbf6e8', 10, 8],
          ['#e08a3c', 9, 6],
          ['#d6a08a', 10, 8],
          ['#93a94a', 8, 6],
        ],
        topping: (r) =>
          dots(scatter(r, 200, 150, 62, 18), '#7fb04a', 8) +
          dill(186, 132, -10) +
          dill(210, 160, 170),
      }),
  },
  vinegret: {
    bg: palette.salads,
    draw: () =>
      saladMound({
        seed: 'vinegret',
        base: '#9b2a4f',
        mix: [
          ['#8e1f44', 26, 8],
          ['#c9607a', 12, 8],
          ['#e08a3c', 9, 6],
          ['#93a94a', 10, 6],
          ['#f0e6c8', 6, 4],
        ],
        topping: (r) =>
          dots(scatter(r, 200, 150, 62, 14), '#7fb04a', 7) +
          flecks(r, scatter(r, 200, 150, 60, 14), '#d8dd8a', 4, 2),
      }),
  },
  'herring-under-fur-coat': { bg: palette.salads, draw: herringUnderFurCoat },
  'garden-salad': { bg: palette.salads, draw: gardenSalad },
  'beef-stroganoff': { bg: palette.meat, draw: stroganoff },
  'chicken-kiev': { bg: palette.meat, draw: chickenKiev },
  'steak-ribeye': { bg: palette.meat, draw: steak },
  'pozharsky-cutlets': { bg: palette.meat, draw: cutlets },
  golubtsy: { bg: palette.meat, draw: golubtsy },
  'duck-leg': { bg: palette.meat, draw: duckLeg },
  'pike-perch': {
    bg: palette.fish,
    draw: () =>
      fish({
        seed: 'pike',
        flesh: '#f6ecd9',
        crust: '#d8a050',
        garnish: (r) =>
          path('M100 200c30-30 120-40 190-10c-40 30-150 40-190 10z', '#f4ecd6') +
          dots(scatter(r, 200, 200, 70, 12, 0, 12), '#e7dcbc', 6) +
          dots(scatter(r, 150, 86, 30, 10, 0, 12), '#5c7d2e', 7),
      }),
  },
  'salmon-steak': {
    bg: palette.fish,
    draw: () =>
      fish({
        seed: 'salmon',
        flesh: '#f28c5b',
        crust: '#fbd3bd',
        garnish: (r) =>
          line('M120 196l150 8M116 210l150 -2M124 224l140 -10', '#5a8a3a', 8) +
          line('M120 196l150 8M116 210l150 -2M124 224l140 -10', '#7fb04a', 3) +
          dots(scatter(r, 140, 84, 20, 6, 10), '#e9f0d8', 6),
      }),
  },
  pelmeni: {
    bg: palette.dumplings,
    draw: () =>
      dumplings({
        seed: 'pelmeni',
        shape: 'pelmeni',
        count: 15,
        sauce: (r) =>
          ramekin(276, 82, 28, '#fbf7ef') +
          sourCream(276, 82, 14) +
          dots(scatter(r, 196, 150, 70, 20), '#2a2622', 2.5) +
          flecks(r, scatter(r, 196, 150, 70, 20), '#4f8f3c', 4, 2.5),
      }),
  },
  'vareniki-potato': {
    bg: palette.dumplings,
    draw: () =>
      dumplings({
        seed: 'vareniki',
        shape: 'vareniki',
        count: 7,
        sauce: (r) =>
          dots(scatter(r, 196, 150, 60, 26), '#b86a22', 6) +
          ramekin(280, 206, 26, '#fbf7ef') +
          sourCream(280, 206, 13) +
          dill(180, 150, 10),
      }),
  },
  'vareniki-cherry': {
    bg: palette.dumplings,
    draw: () =>
      dumplings({
        seed: 'cherry',
        shape: 'vareniki',
        count: 7,
        sauce: (r) =>
          line(
            'M130 110c30 20 60-10 90 10s40 30 60 10M126 180c30-20 60 20 90 0s40-10 56 8',
            '#8e1024',
            6,
          ) +
          dots(scatter(r, 196, 150, 66, 8, 16), '#7a0c1e', 11) +
          ramekin(280, 206, 26, '#fbf7ef') +
          sourCream(280, 206, 13) +
          leaf(266, 78, -20),
      }),
  },
  'mashed-potatoes': {
    bg: palette.sides,
    draw: () =>
      side({
        seed: 'mash',
        vessel: 'bowl',
        base: '#f3e0a6',
        grains: () =>
          line(
            'M150 130c20-24 80-24 100 0M146 160c30 26 80 26 108 0M176 146c10-10 40-10 50 0',
            '#e0c47c',
            4,
          ),
        extras: (r) =>
          path(
            'M170 150c0-22 50-30 62-8c10 20-10 34-32 30c-18-2-30-10-30-22z',
            '#f2c94c',
            'opacity=".85"',
          ) +
          rect(188, 136, 24, 20, 4, '#f7d35a', 'transform="rotate(12 200 146)"') +
          rect(192, 139, 14, 7, 2, '#fbe69a') +
          flecks(r, scatter(r, 200, 150, 70, 22), '#4f8f3c', 4, 2.5),
      }),
  },
  buckwheat: {
    bg: palette.sides,
    draw: () =>
      side({
        seed: 'buckwheat',
        vessel: 'bowl',
        base: '#7a4a28',
        grains: (r) =>
          dots(scatter(r, 200, 150, 80, 110), '#9a6236', 6) +
          dots(scatter(r, 200, 150, 80, 40), '#5e3519', 4),
        extras: (r) =>
          scatter(r, 200, 150, 54, 5, 30)
            .map(([x, y]) => mushroom(n(x), n(y), Math.round(r() * 360)))
            .join('') +
          dots(scatter(r, 200, 150, 60, 16), '#e8b560', 5) +
          flecks(r, scatter(r, 200, 150, 70, 14), '#4f8f3c', 4, 2.5),
      }),
  },
  'fried-potatoes': {
    bg: palette.sides,
    draw: () =>
      side({
        seed: 'fried',
        vessel: 'pan',
        base: '#3a3a3a',
        grains: (r) => potatoSlices(r, 196, 150, 74, 16),
        extras: (r) =>
          scatter(r, 196, 150, 60, 4, 30)
            .map(([x, y]) => mushroom(n(x), n(y), Math.round(r() * 360)))
            .join('') + flecks(r, scatter(r, 196, 150, 76, 26), '#5b9a3f', 4, 2.5),
      }),
  },
  medovik: {
    bg: palette.desserts,
    draw: () =>
      cake({
        seed: 'medovik',
        top: '#c98a3d',
        layers: [
          ['#b97430', 12],
          ['#f3dfb4', 6],
          ['#c98a3d', 12],
          ['#f3dfb4', 6],
          ['#c98a3d', 12],
          ['#f3dfb4', 6],
          ['#c98a3d', 12],
          ['#f3dfb4', 6],
          ['#b97430', 12],
        ],
        garnish: () => leaf(196, 96, -20, '#4f9a4a', 0.7) + circle(216, 100, 7, '#c0213b'),
      }),
  },
  napoleon: {
    bg: palette.desserts,
    draw: () =>
      cake({
        seed: 'napoleon',
        top: '#f1ddb0',
        layers: [
          ['#e2b66a', 5],
          ['#fbf0d2', 9],
          ['#e2b66a', 5],
          ['#fbf0d2', 9],
          ['#e2b66a', 5],
          ['#fbf0d2', 9],
          ['#e2b66a', 5],
          ['#fbf0d2', 9],
          ['#e2b66a', 5],
          ['#fbf0d2', 9],
          ['#d9a451', 6],
        ],
        garnish: (r) => dots(scatter(r, 208, 105, 52, 30, 0, 9), '#fffaf0', 3),
      }),
  },
  'ptichye-moloko': {
    bg: palette.desserts,
    draw: () =>
      cake({
        seed: 'souffle',
        top: '#3d2418',
        layers: [
          ['#2f1a10', 7],
          ['#fbf6ec', 56],
          ['#d9a35b', 14],
        ],
        garnish: () => line('M176 104l60 0', '#6a4534', 3, 'opacity=".6"'),
      }),
  },
  plombir: { bg: palette.desserts, draw: iceCream },
  syrniki: { bg: palette.breakfast, draw: syrniki },
  'blini-sweet': {
    bg: palette.breakfast,
    draw: () =>
      blini({
        seed: 'sweet',
        topping: (r) =>
          line('M160 120c10 10 30-6 40 6s24 8 30 0M150 180c14 6 24-8 36 0', '#c5292f', 5) +
          ramekin(262, 196, 26, '#fbf7ef') +
          sourCream(262, 196, 13) +
          dots(scatter(r, 130, 210, 14, 4, 10), '#c0213b', 10) +
          leaf(240, 150, 30, '#5aa05a', 0.7),
      }),
  },
  'eggs-skillet': { bg: palette.breakfast, draw: eggsSkillet },
  draniki: { bg: palette.breakfast, draw: draniki },
  oatmeal: {
    bg: palette.breakfast,
    draw: () =>
      porridge({
        seed: 'oat',
        base: '#dcc69c',
        texture: '#ead9b6',
        toppings: (r) =>
          dots(scatter(r, 230, 130, 30, 9, 11), '#34386e', 11) +
          dots(scatter(r, 176, 176, 26, 6, 13), '#c0213b', 12) +
          line('M150 120c20-14 40 10 60-4s30 10 40 30', '#e3a22c', 5) +
          leaf(196, 150, -30, '#5aa05a', 0.8),
      }),
  },
  'millet-pumpkin': {
    bg: palette.breakfast,
    draw: () =>
      porridge({
        seed: 'millet',
        base: '#eab53b',
        texture: '#f4cd63',
        toppings: (r) =>
          cubes(r, scatter(r, 200, 150, 62, 9, 22), '#d86a1c', 10) +
          rect(186, 130, 28, 22, 4, '#fbe39a', 'transform="rotate(-10 200 141)"') +
          dots(scatter(r, 200, 150, 70, 14), '#6b5a2a', 3),
      }),
  },
  mors: {
    bg: palette.soft,
    scene: true,
    draw: () =>
      tallGlass({
        liquid: '#a1112b',
        top: '#c02a42',
        garnish:
          dots(at('176 92, 190 88, 230 90'), '#7a0c1e', 10) + leaf(200, 86, -40, '#5aa05a', 0.9),
      }) +
      tableShadow(320, 40) +
      path('M290 120c0-20 10-30 12-44h36c2 14 12 24 12 44v108h-60z', '#a1112b', 'opacity=".9"') +
      `<path d="M288 60h44v20c0 10 18 24 18 44v108h-80v-108c0-20 18-34 18-44z" ${glassFill}/>`,
  },
  kvass: {
    bg: palette.soft,
    scene: true,
    draw: () =>
      tallGlass({
        liquid: '#7b4419',
        top: '#f3e2c0',
        ice: false,
        garnish:
          path('M154 86c10-14 30-8 46-12s30 6 46 10v14h-92z', '#f3e2c0') +
          dots(at('170 92, 196 88, 220 92'), '#fbf2dc', 6),
      }) + ryeLoaf(300),
  },
  'lemonade-tarragon': {
    bg: palette.soft,
    scene: true,
    draw: () =>
      tallGlass({
        liquid: '#3bb36b',
        top: '#6fd08f',
        garnish:
          lemonWedge(168, 66, 18, 180) +
          leaf(216, 70, -70, '#2f7d3a') +
          leaf(224, 78, -20, '#3f9a4a'),
      }),
  },
  'tea-samovar': { bg: palette.tea, scene: true, draw: samovar },
  sbiten: { bg: palette.tea, scene: true, draw: podstakannik },
  cappuccino: { bg: palette.tea, draw: cappuccino },
  'wine-red-glass': {
    bg: palette.wine,
    scene: true,
    draw: () => bottle(286, '#1e3327', '#efe4cf', '#7a1128') + wineGlass(170, '#6d0f24', '#8e1a35'),
  },
  'wine-krasnostop': {
    bg: palette.wine,
    scene: true,
    draw: () => {
      const rnd = random('grapes')
      return (
        wineGlass(160, '#4f0a1c', '#6e1429') +
        tableShadow(290, 46) +
        dots(scatter(rnd, 290, 200, 34, 22, 13, 26), '#3b1d4a', 15) +
        dots(scatter(rnd, 286, 196, 30, 8, 0, 22), '#6b3f80', 4) +
        line('M292 174c2-10 8-16 16-18', '#6b4a2a', 3) +
        leaf(304, 160, -30, '#5a8a3a', 1.1)
      )
    },
  },
  'wine-white-glass': {
    bg: palette.wine,
    scene: true,
    draw: () =>
      bottle(286, '#8ea86b', '#f6f1e4', '#d4b44a') + wineGlass(170, '#e8d07a', '#f3e09c', 120),
  },
  'wine-sparkling': {
    bg: palette.wine,
    scene: true,
    draw: () =>
      tableShadow(200, 60) +
      flute(176, -8) +
      flute(224, 8) +
      dots(at('200 40, 190 30, 212 28'), '#f6e7a8', 4),
  },
  'beer-lager': {
    bg: palette.bar,
    scene: true,
    draw: () =>
      tableShadow(196, 64) +
      ellipse(196, 232, 66, 8, '#8a6b47') +
      rect(140, 100, 104, 130, 12, '#e3a12a') +
      line('M164 112v110M196 112v110M226 112v110', '#c7821a', 6, 'opacity=".5"') +
      dots(at('154 200, 178 160, 210 186, 232 140, 186 128'), '#f6cd6a', 4) +
      line('M244 126h16c14 0 20 8 20 20v40c0 12-6 20-20 20h-16', '#f3d79a', 12, 'opacity=".55"') +
      `<rect x="136" y="94" width="112" height="140" rx="14" ${glassFill}/>` +
      path(
        'M134 104c-6-20 10-30 24-26c4-16 26-20 36-8c10-12 34-8 36 8c16-4 26 12 20 26z',
        '#fbf4e4',
      ) +
      path('M232 104c4 12 2 22-4 24c-6-2-6-14-4-24z', '#fbf4e4') +
      line('M150 120v90', '#fff', 5, 'opacity=".35"'),
  },
  vodka: {
    bg: palette.bar,
    scene: true,
    draw: () =>
      shotGlass(150, '#dfeaf0', '#f4f9fb', 1.35) +
      path(
        'M128 146h44',
        'none',
        'stroke="#fff" stroke-width="3" stroke-dasharray="2 6" opacity=".5"',
      ) +
      tableShadow(272, 80) +
      ellipse(272, 226, 84, 14, '#f5f1ea') +
      path('M212 224c0-40 70-40 70 0z', '#3a2216') +
      path('M220 222c0-30 54-30 54 0z', '#6a4530') +
      group(
        'translate(306 206)rotate(-14)',
        ellipse(0, 0, 36, 13, '#4f6e26') +
          ellipse(0, -2, 30, 8, '#9fb060') +
          dots(at('-14 -2, 0 -2, 14 -2'), '#d5dca0', 4),
      ),
  },
  'nastoyka-horseradish': {
    bg: palette.bar,
    scene: true,
    draw: () =>
      shotGlass(140, '#e6c85a', '#f2dc8a', 1.35) +
      board(196, 214, 170, 18) +
      [216, 290]
        .map(
          (x) =>
            rect(x, 196, 64, 18, 5, '#3a2216') +
            rect(x + 3, 186, 58, 11, 3, '#f6eee4') +
            rect(x + 3, 184, 58, 4, 2, '#d99a8a') +
            line(`M${x + 14} 180l8-10M${x + 36} 180l6-11`, '#4f8f3c', 3),
        )
        .join(''),
  },
  'nastoyka-set': {
    bg: palette.bar,
    scene: true,
    draw: () =>
      board(50, 222, 300, 18) +
      shotGlass(110, '#b3172f', '#d0324a', 1.3) +
      shotGlass(200, '#e98a1c', '#f5a84a', 1.3) +
      shotGlass(290, '#e6c85a', '#f2dc8a', 1.3) +
      dots(at('102 130, 116 126'), '#b3172f', 12) +
      dots(at('194 128, 208 130'), '#e98a1c', 11) +
      leaf(282, 128, -60, '#4f8f3c'),
  },
  'cocktail-moscow-mule': {
    bg: palette.cocktails,
    scene: true,
    draw: () =>
      tableShadow(196, 56) +
      line('M244 132h14c14 0 18 10 18 20v30c0 12-6 20-18 20h-18', '#a85a2a', 12) +
      rect(
        -14,
        -14,
        28,
        28,
        6,
        '#eaf4f8',
        'opacity=".8" transform="translate(178 104)rotate(20)"',
      ) +
      rect(
        -14,
        -14,
        28,
        28,
        6,
        '#eaf4f8',
        'opacity=".8" transform="translate(214 100)rotate(-10)"',
      ) +
      path('M148 110h96l-8 120h-80z', '#c8733f') +
      path('M196 110h48l-8 120h-40z', '#a85a2a') +
      ellipse(196, 110, 48, 7, '#e09a62') +
      line('M164 126l-4 90', '#f0b98a', 6, 'opacity=".7"') +
      dots(at('172 150, 184 176, 210 140, 222 190, 176 204'), '#e09a62', 5) +
      lemonWedge(222, 96, 20, 200)
        .replaceAll('#f0c419', '#6aa33a')
        .replaceAll('#f9e48c', '#c5e08a') +
      leaf(170, 92, -120, '#2f7d3a') +
      leaf(176, 96, -70, '#3f9a4a'),
  },
  'cocktail-sea-buckthorn': {
    bg: palette.cocktails,
    scene: true,
    draw: () =>
      tableShadow(200, 40) +
      ellipse(200, 232, 34, 6, '#fff', 'opacity=".45"') +
      line('M200 154V230', '#fff', 5, 'opacity=".55"') +
      path('M132 104c4 34 30 50 68 50s64-16 68-50z', '#ee8a1c') +
      path('M132 104h136c0 6-2 10-4 14h-128c-2-4-4-8-4-14z', '#fbf0dc') +
      `<path d="M126 92c2 44 32 64 74 64s72-20 74-64z" ${glassFill}/>` +
      line('M242 60l-40 60', '#6b4a2a', 2) +
      dots(at('238 66, 232 76, 226 84, 220 94'), '#f39a1c', 10) +
      leaf(240, 58, -60, '#8aa06a', 0.8),
  },
})

// ---------------------------------------------------------------------------------------
// Stories: portrait, a bold colour and the dish large.

/** @typedef {{ bg: string, accent: string, dish: keyof typeof dishes, centre: number, scale: number }} Story */

const stories = /** @satisfies {Record<string, Story>} */ ({
  'story-borscht': { bg: '#8e1b2f', accent: '#a8263d', dish: 'borscht', centre: 194, scale: 1.1 },
  'story-breakfast': { bg: '#e39a2f', accent: '#eeb04f', dish: 'syrniki', centre: 200, scale: 1.3 },
  'story-duck': { bg: '#2f4a3a', accent: '#3b5b48', dish: 'duck-leg', centre: 200, scale: 1.3 },
  'story-samovar': {
    bg: '#7a2e2e',
    accent: '#8c3a37',
    dish: 'tea-samovar',
    centre: 224,
    scale: 1.15,
  },
  'story-steak': {
    bg: '#23272b',
    accent: '#30363c',
    dish: 'steak-ribeye',
    centre: 200,
    scale: 1.2,
  },
})

/** @param {Picture} picture */
function dishSvg({ bg, scene, draw }) {
  const background = scene ? wallAndTable(bg, '#8a6b47') : table(bg)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">${background}${draw()}</svg>\n`
}

/**
 * The dish drawn large on the story's colour; drinks stand on a tabletop across the foot.
 * @param {Story} story
 */
function storySvg({ bg, accent, dish, centre, scale }) {
  /** @type {Picture} */
  const { scene, draw } = dishes[dish]
  const x = n(180 - centre * scale)
  const y = n(scene ? 470 - 228 * scale : 400 - 150 * scale)
  const rnd = random(dish)
  const sparkles =
    '<defs><path id="l" d="M0 0c8-10 24-12 34 0c-10 12-26 10-34 0z" fill="#fff" opacity=".12"/></defs>' +
    scatter(rnd, 180, 120, 170, 9, 60, 90)
      .map(
        ([lx, ly]) =>
          `<use href="#l" transform="translate(${r0(lx)} ${r0(ly)})rotate(${r0(rnd() * 360)})"/>`,
      )
      .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 640">` +
    `<rect width="360" height="640" fill="${bg}"/>` +
    circle(180, scene ? 330 : 400, 210, accent) +
    sparkles +
    (scene
      ? rect(0, 470, 360, 170, 0, '#8a6b47') + line('M0 471H360', '#000', 3, 'opacity=".15"')
      : '') +
    group(`translate(${x} ${y})scale(${scale})`, draw()) +
    `</svg>\n`
  )
}

/**
 * A drawing stored as an upload is: drawn as a PNG at the widest photo width, then given to the
 * photo worker, which encodes each width as AVIF and WebP.
 * @param {ReturnType<typeof startPhotoWorker>} worker
 * @param {string} id
 * @param {string} svg
 * @param {number} viewWidth the drawing's own width
 */
async function writePhotoFiles(worker, id, svg, viewWidth) {
  const widest = Math.max(...PHOTO_WIDTHS)
  const png = await sharp(Buffer.from(svg), { density: (72 * widest) / viewWidth })
    .resize({ width: widest })
    .png()
    .toBuffer()
  const answer = await worker.run({
    bytes: png,
    maxPixels: 4 * widest * widest,
    widths: PHOTO_WIDTHS,
  })
  if (answer.outcome !== 'encoded' || !answer.files) throw new Error(`${id}: ${answer.outcome}`)
  const dir = new URL(`${id}/`, outDir)
  mkdirSync(dir, { recursive: true })
  let bytes = 0
  for (const { width, format, content } of answer.files) {
    writeFileSync(new URL(`${width}.${format}`, dir), content)
    bytes += content.length
  }
  return bytes
}

buildIfStale()
mkdirSync(outDir, { recursive: true })
/** Each picture's name, drawing and the drawing's own width. @type {[string, string, number][]} */
const drawings = [
  ...Object.entries(dishes).map(
    ([id, picture]) => /** @type {[string, string, number]} */ ([id, dishSvg(picture), 400]),
  ),
  ...Object.entries(stories).map(
    ([id, story]) => /** @type {[string, string, number]} */ ([id, storySvg(story), 360]),
  ),
]
/** @type {[string, number][]} */
const sizes = []
let encoded = 0
// A drawing the worker refuses stops the run, and the worker with it.
const worker = startPhotoWorker()
try {
  for (const [id, svg, viewWidth] of drawings) {
    writeFileSync(new URL(`${id}.svg`, outDir), svg)
    encoded += await writePhotoFiles(worker, id, svg, viewWidth)
    sizes.push([id, svg.length])
  }
} finally {
  worker.stop()
}
const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0])
console.log(
  `Wrote ${sizes.length} pictures to apps/server/demo/media (largest SVG: ${largest[0]}, ` +
    `${largest[1]} bytes; ${Math.round(encoded / 1024)} KB in the photo files)`,
)
