import { useEffect, useState, type ComponentProps } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/app-context'
import { storiesQueryOptions } from '../api/get-stories'
import type { StoriesRow } from './stories-row'
import { StoriesRowPlaceholder } from './stories-row-placeholder'

type Row = typeof StoriesRow

/**
 * The stories row, its place kept while its code loads: the code is asked for once the screen
 * is drawn, so it is not first-load code. Nothing when the restaurant has no stories.
 */
export function LazyStoriesRow(props: ComponentProps<Row>) {
  const api = useApiClient()
  const { data: stories, isPending } = useQuery(storiesQueryOptions(api, props.restaurantId))
  const [Loaded, setLoaded] = useState<Row | null>(null)
  useEffect(() => {
    let mounted = true
    void import('./stories-row').then((row) => {
      if (mounted) setLoaded(() => row.StoriesRow)
    })
    return () => {
      mounted = false
    }
  }, [])
  if (!isPending && !stories?.length) return null
  return Loaded ? <Loaded {...props} /> : <StoriesRowPlaceholder />
}
