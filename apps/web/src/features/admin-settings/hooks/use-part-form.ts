import { useState } from 'react'

/**
 * The form of a settings part saved on its own (the profile, the acquirer, the receipts): its
 * fields, what is wrong with them (`Field`: the names problems are kept under) and what the last
 * action said. `set(key)` changes one field, and any edit makes the last word old news
 * (`onEdit` forgets what else the part had said, such as a connection check).
 */
export function usePartForm<Form extends object, Field extends string = keyof Form & string>(
  initial: () => Form,
  onEdit?: () => void,
) {
  const [form, setForm] = useState(initial)
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({})
  const [status, setStatus] = useState<string | null>(null)
  const set =
    <Key extends keyof Form>(key: Key) =>
    (value: Form[Key]) => {
      setForm((current) => ({ ...current, [key]: value }))
      setStatus(null)
      onEdit?.()
    }
  return { form, setForm, set, problems, setProblems, status, setStatus }
}
