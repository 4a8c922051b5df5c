import { useMutation } from '@tanstack/react-query'
import { useRuntimeConfig } from '../../../lib/app-context'
import { uploadPhoto } from '../../../components/admin/upload-photo'

/** A photo for a dish or a story, keyed under 'admin' like the saves. */
export function usePhotoUpload() {
  const { apiBase } = useRuntimeConfig()
  return useMutation({
    mutationKey: ['admin', 'menu-photo'],
    mutationFn: (file: Blob) => uploadPhoto(apiBase, file),
  })
}
