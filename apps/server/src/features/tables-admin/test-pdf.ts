import { createCanvas } from '@napi-rs/canvas'
import jsQR from 'jsqr'
import { getDocument, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface PdfPage {
  text: string
  /** The addresses the page's links go to (each QR code is one). */
  links: string[]
  /** What the QR codes drawn on the page say, read from its picture as a camera would. */
  codes: string[]
}

/**
 * Reads a PDF as a viewer does (pdf.js): each page's text and links, and its QR codes decoded
 * (jsQR) from the page drawn at 144 dpi, cut into `grid` cells of one code each (A4 sheets: 2 ×
 * 3; a tent: 1 × 2, the upper face upside down). Throws when the bytes are no PDF.
 */
export async function readPdf(
  bytes: Uint8Array,
  grid: { columns: number; rows: number },
): Promise<PdfPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages: PdfPage[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const content = await page.getTextContent()
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
    const annotations = (await page.getAnnotations()) as { url?: string }[]
    pages.push({
      text,
      links: annotations.flatMap((annotation) => (annotation.url ? [annotation.url] : [])),
      codes: await decodeCodes(page, grid),
    })
  }
  await pdf.destroy()
  return pages
}

async function decodeCodes(page: PDFPageProxy, grid: { columns: number; rows: number }) {
  const viewport = page.getViewport({ scale: 2 })
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
  const context = canvas.getContext('2d')
  // In Node, pdf.js draws on @napi-rs/canvas, the canvas it brings for itself.
  await page.render({ canvas, canvasContext: context, viewport }).promise
  const width = Math.floor(canvas.width / grid.columns)
  const height = Math.floor(canvas.height / grid.rows)
  const codes: string[] = []
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      const image = context.getImageData(column * width, row * height, width, height)
      const code = jsQR(image.data, width, height)
      if (code) codes.push(code.data)
    }
  }
  return codes
}
