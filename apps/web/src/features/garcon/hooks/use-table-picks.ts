import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { WaiterTable } from '@tableside/contracts/garcon'
import { useApiClient } from '../../../lib/app-context'
import { isApiError } from '../../../lib/api-error'
import {
  garconTablesQueryKey,
  garconTablesQueryOptions,
  useSaveGarconTables,
  type GarconTablesAnswer,
} from '../api/garcon-tables'
import {
  addPick,
  codesToSend,
  otherWaiter,
  settle,
  takenCodes,
  tapOn,
  withPicks,
  type Pick,
  type WaiterRef,
} from '../table-picks'

export type PickProblem = 'offline' | 'failed'
export interface TakeOverQuestion {
  table: WaiterTable
  waiter: WaiterRef
}

/**
 * The waiter's tables, changed the moment they tap and saved behind the taps, one request at a
 * time, each the whole list as it stands (decision 0042's `PUT garcon/me/tables`). A table that
 * turns out to be another waiter's (409) goes back, and the waiter is asked about taking it
 * over; any other failure puts the list back as the server has it.
 */
export function useTablePicks(me: WaiterRef) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const tables = useQuery(garconTablesQueryOptions(api))
  const save = useSaveGarconTables()
  // What the screen shows; the refs below are what the saving loop reads between answers.
  const [shownPicks, setShownPicks] = useState<ReadonlyMap<string, Pick>>(new Map())
  const [problem, setProblem] = useState<PickProblem | null>(null)
  const [question, setQuestion] = useState<TakeOverQuestion | null>(null)
  // The source of truth while saving: read again after every answer.
  const picks = useRef(new Map<string, Pick>())
  const takeOvers = useRef(new Set<string>())
  const saving = useRef(false)

  const saved = () =>
    queryClient.getQueryData<GarconTablesAnswer>(garconTablesQueryKey)?.tables ?? []
  const setPicks = (next: Map<string, Pick>) => {
    picks.current = next
    for (const code of takeOvers.current) if (!next.has(code)) takeOvers.current.delete(code)
    setShownPicks(next)
  }

  const saveAll = async () => {
    if (saving.current) return
    saving.current = true
    try {
      while (picks.current.size > 0) {
        // Plain picks first, so a takeover never rides along with a table nobody asked about.
        const plain = new Map([...picks.current].filter(([code]) => !takeOvers.current.has(code)))
        const takeOver = plain.size === 0
        const batch = takeOver ? new Map(picks.current) : plain
        const tableCodes = codesToSend(saved(), batch)
        try {
          await save.mutateAsync({ tableCodes, takeOver })
          setPicks(settle(picks.current, batch))
        } catch (error) {
          if (isApiError(error) && error.code === 'table_taken') {
            const taken = takenCodes(error.fields, tableCodes)
            const rest = new Map(picks.current)
            for (const code of taken) rest.delete(code)
            // None of the picks is to blame (a table of theirs the back office gave a second
            // waiter): sending them again would only hear the same 409, so start afresh.
            setPicks(rest.size < picks.current.size ? rest : new Map<string, Pick>())
            await queryClient.refetchQueries({ queryKey: garconTablesQueryKey })
            const table = saved().find((t) => t.code === taken[0])
            const waiter = table && otherWaiter(table, me.id)
            if (table && waiter) setQuestion({ table, waiter })
            continue
          }
          setPicks(new Map<string, Pick>())
          // A 401 is the session watch's: the sign-in window takes the screen.
          if (!(isApiError(error) && error.status === 401)) {
            setProblem(isApiError(error) && error.code === 'network_error' ? 'offline' : 'failed')
            void queryClient.invalidateQueries({ queryKey: garconTablesQueryKey })
          }
          return
        }
      }
    } finally {
      saving.current = false
    }
  }

  const pick = (code: string, what: Pick, { takeOver = false } = {}) => {
    setProblem(null)
    if (takeOver) takeOvers.current.add(code)
    setPicks(addPick(picks.current, saved(), code, what))
    void saveAll()
  }

  const shown = tables.data ? withPicks(tables.data.tables, shownPicks, me) : undefined
  return {
    tables,
    shown,
    problem,
    question,
    /** A tap on a table: its pick, or the question whether to take it from its waiter. */
    tap: (table: WaiterTable) => {
      const action = tapOn(table, me.id)
      if ('ask' in action) setQuestion({ table, waiter: action.ask })
      else pick(table.code, action.pick)
    },
    takeOver: () => {
      if (!question) return
      setQuestion(null)
      pick(question.table.code, 'take', { takeOver: true })
    },
    keep: () => setQuestion(null),
  }
}
