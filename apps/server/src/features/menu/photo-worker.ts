import sharp from 'sharp'
import type {
  PhotoAnswerMessage,
  PhotoFileBytes,
  PhotoJob,
  PhotoJobAnswer,
  PhotoJobMessage,
} from './photo-job'

/**
 * The photo worker: a process of its own that the server starts for image work (decision 0110),
 * so decoding and encoding never share a thread with the server's password and PIN hashing
 * (libuv's pool, which sharp and node:crypto's scrypt both use, is per process). It answers one
 * job at a time.
 */

const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff'])

// One thread of libvips: a node's image work takes one core at most, the others stay the
// server's. Nothing is kept between jobs: no photo is read twice.
sharp.concurrency(1)
sharp.cache(false)

async function encode({ bytes, maxPixels, widths }: PhotoJob): Promise<PhotoJobAnswer> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const meta = await sharp(input, { limitInputPixels: false }).metadata()
  if (!FORMATS.has(meta.format)) return { outcome: 'not_a_photo' }
  if (meta.width * meta.height > maxPixels) {
    return { outcome: 'too_many_pixels', width: meta.width, height: meta.height }
  }
  // Decoded once, at the widest size shown; every size and the colour come from that.
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const { dominant } = await sharp(data, raw).stats()
  const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
  const files: PhotoFileBytes[] = []
  for (const width of widths) {
    const sized = sharp(data, raw).resize({ width, withoutEnlargement: true })
    const avif = await sized.clone().avif({ quality: 50, effort: 2 }).toBuffer()
    const webp = await sized.clone().webp({ quality: 78 }).toBuffer()
    files.push({ width, format: 'avif', content: avif }, { width, format: 'webp', content: webp })
  }
  const { width, height } = meta.autoOrient
  return { outcome: 'encoded', width, height, color, files }
}

process.on('message', (message: PhotoJobMessage) => {
  const taken: PhotoAnswerMessage = { id: message.id, taken: true }
  process.send?.(taken)
  void encode(message.job)
    // A file that starts as an image and breaks off fails only while it is decoded.
    .catch((): PhotoJobAnswer => ({ outcome: 'not_a_photo' }))
    .then((answer) => {
      const reply: PhotoAnswerMessage = { id: message.id, answer }
      process.send?.(reply)
    })
})
// The server went away: so does its worker.
process.on('disconnect', () => process.exit(0))
