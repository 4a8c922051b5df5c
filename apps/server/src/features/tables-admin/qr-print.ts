import { createRequire } from 'node:module'
import QRCode from 'qrcode'
import type { QrPrintLayout } from '@tableside/contracts/admin-tables'
import type { LocalizedText } from '@tableside/contracts/text'

export interface PrintedTable {
  code: string
  label: string
  zone: LocalizedText | null
  /** The link the QR code carries. */
  link: string
}

export interface QrPrint {
  restaurantName: string
  tables: readonly PrintedTable[]
  layout: QrPrintLayout
}

// PT Sans, made for Russian and Latin alike, embedded so the print reads the same everywhere.
const require = createRequire(import.meta.url)
const FONT = require.resolve('@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf')
const FONT_BOLD = require.resolve('@expo-google-fonts/pt-sans/700Bold/PTSans_700Bold.ttf')

const MM = 72 / 25.4
const A4 = { width: 595.28, height: 841.89 }
/** A4 sheets: 2 × 3 cards of 105 × 99 mm, cut along the dashed lines. */
const SHEET = { columns: 2, rows: 3 }
/** White around a code: a scanner wants four modules of it (a 33-module code of 46 mm: 5.6 mm). */
const QUIET = 7 * MM
const INK = '#1f1a17'
const MUTED = '#6b625c'

const SCAN_HINT = 'Наведите камеру телефона на код: меню и заказ'
const SCAN_HINT_EN = 'Point your phone camera at the code to see the menu and order'

/** "Стол 5", or a named table's name in quotes: "Стол «У фонтана»" (issue 30). */
export const tableTitle = (table: Pick<PrintedTable, 'label'>) =>
  /^\d+$/.test(table.label) ? `Стол ${table.label}` : `Стол «${table.label}»`
/** The code a waiter and the back office know the table by, for a diner to tell them. */
export const tableCodeLine = (table: Pick<PrintedTable, 'code'>) =>
  `Код стола ${table.code} · table code`

/**
 * The tables' QR codes as a PDF (decision 0067): `a4` puts six cards on an A4 sheet to cut out;
 * `tent` gives each table an A4 sheet folded across the middle into a tent, its two faces the
 * same card, the upper one upside down so both read upright on the table. Each card has the
 * restaurant's name, the code (vector squares, sharp at any size) and the table's label; the
 * code is also a link in the file.
 */
export async function renderQrPdf({ restaurantName, tables, layout }: QrPrint): Promise<Buffer> {
  // Loaded at the first print, not at every start: the PDF library is a fifth of a second of CPU.
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    layout: layout === 'tent' ? 'landscape' : 'portrait',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${restaurantName} — QR`, Creator: 'Tableside' },
  })
  doc.registerFont('text', FONT)
  doc.registerFont('bold', FONT_BOLD)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks))
    })
    doc.on('error', reject)
  })

  if (layout === 'tent') {
    for (const table of tables) drawTent(doc, restaurantName, table)
  } else {
    const perPage = SHEET.columns * SHEET.rows
    tables.forEach((table, index) => {
      if (index % perPage === 0) {
        doc.addPage()
        drawCutLines(doc)
      }
      const slot = index % perPage
      const width = A4.width / SHEET.columns
      const height = A4.height / SHEET.rows
      drawCard(doc, restaurantName, table, {
        x: (slot % SHEET.columns) * width,
        y: Math.floor(slot / SHEET.columns) * height,
        width,
        qrSize: 46 * MM,
      })
    })
  }
  if (tables.length === 0) doc.addPage()
  doc.end()
  return done
}

interface Box {
  x: number
  y: number
  width: number
  qrSize: number
}

function drawCard(doc: PDFKit.PDFDocument, restaurantName: string, table: PrintedTable, box: Box) {
  const pad = 7 * MM
  const inner = box.width - 2 * pad
  let y = box.y + pad
  doc.font('bold').fontSize(13).fillColor(INK)
  doc.text(restaurantName, box.x + pad, y, { width: inner, align: 'center', lineBreak: false })
  y += doc.currentLineHeight() + QUIET
  drawQr(doc, table.link, box.x + (box.width - box.qrSize) / 2, y, box.qrSize)
  y += box.qrSize + QUIET
  doc.font('bold').fontSize(20).fillColor(INK)
  const zone = table.zone ? ` · ${table.zone.ru}` : ''
  doc.text(`${tableTitle(table)}${zone}`, box.x + pad, y, {
    width: inner,
    align: 'center',
    lineBreak: false,
  })
  y += doc.currentLineHeight() + 0.5 * MM
  doc.font('text').fontSize(9).fillColor(MUTED)
  doc.text(tableCodeLine(table), box.x + pad, y, {
    width: inner,
    align: 'center',
    lineBreak: false,
  })
  y += doc.currentLineHeight() + 1.5 * MM
  doc.font('text').fontSize(8.5).fillColor(MUTED)
  doc.text(SCAN_HINT, box.x + pad, y, { width: inner, align: 'center' })
  doc.text(SCAN_HINT_EN, box.x + pad, doc.y, { width: inner, align: 'center' })
}

function drawQr(
  doc: PDFKit.PDFDocument,
  link: string,
  x: number,
  y: number,
  size: number,
  linked = true,
) {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' })
  // The card's white around the code is its quiet zone (QUIET): nothing is drawn there.
  const cell = size / modules.size
  doc.save().fillColor('#000000')
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell)
    }
  }
  doc.fill().restore()
  if (linked) doc.link(x, y, size, size, link)
}

function drawCutLines(doc: PDFKit.PDFDocument) {
  doc.save().lineWidth(0.5).strokeColor('#b8b0aa').dash(4, { space: 4 })
  for (let column = 1; column < SHEET.columns; column++) {
    const x = (A4.width / SHEET.columns) * column
    doc.moveTo(x, 0).lineTo(x, A4.height)
  }
  for (let row = 1; row < SHEET.rows; row++) {
    const y = (A4.height / SHEET.rows) * row
    doc.moveTo(0, y).lineTo(A4.width, y)
  }
  doc.stroke().undash().restore()
}

function drawTent(doc: PDFKit.PDFDocument, restaurantName: string, table: PrintedTable) {
  doc.addPage()
  const width = A4.height
  const half = A4.width / 2
  // The lower face reads upright; the upper one is turned over, so once folded both do.
  drawTentFace(doc, restaurantName, table, half, true)
  doc.save().rotate(180, { origin: [width / 2, half / 2] })
  drawTentFace(doc, restaurantName, table, 0, false)
  doc.restore()
  doc.save().lineWidth(0.5).strokeColor('#b8b0aa').dash(4, { space: 4 })
  doc.moveTo(0, half).lineTo(width, half).stroke().undash().restore()
  doc.font('text').fontSize(7).fillColor(MUTED)
  doc.text('сложить по линии · fold here', 0, half - 10, {
    width: width - 6 * MM,
    align: 'right',
    lineBreak: false,
  })
}

/** One face of a tent (297 × 105 mm): the code on the left, the words on the right. */
function drawTentFace(
  doc: PDFKit.PDFDocument,
  restaurantName: string,
  table: PrintedTable,
  top: number,
  linked: boolean,
) {
  const width = A4.height
  const height = A4.width / 2
  const qrSize = 70 * MM
  const left = 30 * MM
  drawQr(doc, table.link, left, top + (height - qrSize) / 2, qrSize, linked)
  const x = left + qrSize + 16 * MM
  const column = width - x - 20 * MM
  let y = top + 22 * MM
  doc.font('bold').fontSize(20).fillColor(MUTED)
  doc.text(restaurantName, x, y, { width: column, lineBreak: false })
  y += doc.currentLineHeight() + 3 * MM
  doc.font('bold').fontSize(44).fillColor(INK)
  doc.text(tableTitle(table), x, y, { width: column, lineBreak: false })
  y += doc.currentLineHeight() + 1 * MM
  doc.font('text').fontSize(18).fillColor(MUTED)
  const zone = table.zone ? `${table.zone.ru} · ` : ''
  doc.text(`${zone}${tableCodeLine(table)}`, x, y, { width: column, lineBreak: false })
  y += doc.currentLineHeight() + 3 * MM
  doc.font('text').fontSize(13).fillColor(INK)
  doc.text(SCAN_HINT, x, y, { width: column })
  doc.fillColor(MUTED).text(SCAN_HINT_EN, x, doc.y + 1 * MM, { width: column })
}
