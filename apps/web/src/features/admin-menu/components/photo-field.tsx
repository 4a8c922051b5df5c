import { useState, type ReactNode } from 'react'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import { buttonClass } from '../../../components/ui/button'
import { MenuPhoto } from '../../../components/ui/menu-photo'
import type { Translate } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { Field } from './form-field'

export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif'

interface PhotoFieldProps {
  /** What the picture is now, if any: its address and its colour while it loads. */
  photo: { url: string; color: string } | null
  label: string
  error?: string | undefined
  t: Translate<AdminMenuMessageKey>
  /** Sends the file to the server (decision 0065); a failure's message is shown here. */
  upload: (file: File) => Promise<UploadedPhoto>
  onUploaded: (photo: UploadedPhoto, file: File) => void
  /** Absent: the picture cannot be left out (a story's). */
  onRemove?: () => void
  /** More about the picture, beside the upload (a story's address field). */
  children?: ReactNode
}

/** A picture's preview, the file to upload in its place, and (where allowed) removing it. */
export function PhotoField({
  photo,
  label,
  error,
  t,
  upload,
  onUploaded,
  onRemove,
  children,
}: PhotoFieldProps) {
  const [uploading, setUploading] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const reason = useStaffErrorText()
  return (
    <div className="admin-menu__photo">
      <span className="admin-menu__photo-preview" style={{ backgroundColor: photo?.color }}>
        {photo?.url ? (
          <MenuPhoto src={photo.url} sizes="160px" alt="" width={160} height={120} />
        ) : null}
      </span>
      <div className="admin-menu__photo-tools">
        <Field label={label} error={failed ?? error} hint={t('photoHint')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="file"
              accept={PHOTO_TYPES}
              aria-describedby={describedBy}
              disabled={uploading}
              onChange={(event) => {
                const input = event.currentTarget
                const chosen = input.files?.[0]
                if (!chosen) return
                setUploading(true)
                setFailed(null)
                upload(chosen)
                  .then((uploaded) => {
                    onUploaded(uploaded, chosen)
                  })
                  .catch((failure: unknown) => {
                    setFailed(t('photoFailed', { reason: reason(failure) }))
                  })
                  .finally(() => {
                    setUploading(false)
                    // The same file chosen again (after a failure) uploads again.
                    input.value = ''
                  })
              }}
            />
          )}
        </Field>
        {uploading ? <p role="status">{t('uploading')}</p> : null}
        {children}
        {photo && onRemove ? (
          <button type="button" className={buttonClass('secondary')} onClick={onRemove}>
            {t('removePhoto')}
          </button>
        ) : null}
      </div>
    </div>
  )
}
