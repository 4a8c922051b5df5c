/**
 * What the server asks of its photo worker process and what it answers (decision 0110): the
 * worker decodes the photo once and encodes every width the menu shows, away from the threads
 * that hash secrets.
 */
export interface PhotoJob {
  bytes: Uint8Array
  /** Refused from the header, before anything is decoded. */
  maxPixels: number
  /** Each as AVIF and as WebP, never wider than the photo. */
  widths: readonly number[]
}

export interface PhotoFileBytes {
  width: number
  format: 'avif' | 'webp'
  content: Uint8Array
}

export type PhotoJobAnswer =
  | { outcome: 'not_a_photo' }
  | { outcome: 'too_many_pixels'; width: number; height: number }
  | {
      outcome: 'encoded'
      /** As shown, after the camera's orientation is applied. */
      width: number
      height: number
      /** The photo's dominant colour, `#rrggbb`: the placeholder while it loads. */
      color: string
      files: PhotoFileBytes[]
    }

/** A job as sent to the worker, and its answer back, matched by `id`. */
export interface PhotoJobMessage {
  id: number
  job: PhotoJob
}

/**
 * The worker's answer to a job: first that it has the job (`taken`), then the job's answer. A
 * worker that dies before taking a job never saw it, and the job goes to a fresh one.
 */
export type PhotoAnswerMessage =
  { id: number; taken: true } | { id: number; answer: PhotoJobAnswer }
