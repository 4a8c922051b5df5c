import { calendarDate } from '../../../lib/restaurant-time'

/** Columns of an SVG of our own, one a day; the numbers are in a table beside it for readers. */
export interface DayColumn {
  date: string
  value: number
  label: string
}

const WIDTH = 720
const HEIGHT = 140
/** The widest a day's column gets, so one day is a column, not a wall. */
const MOST_WIDTH = 36
const AXIS = 20
/** About half a date's width ("28.11") under the axis, in the drawing's units. */
const HALF_DATE = 20

/** A date sits under its column's middle, unless that would put it past either edge. */
function datePlace(middle: number): { x: number; anchor: 'start' | 'middle' | 'end' } {
  if (middle < HALF_DATE) return { x: 0, anchor: 'start' }
  if (middle > WIDTH - HALF_DATE) return { x: WIDTH, anchor: 'end' }
  return { x: middle, anchor: 'middle' }
}

export function DayChart({
  title,
  columns,
  locale,
}: {
  title: string
  columns: readonly DayColumn[]
  /** The screen's: "29.11" in Russian, "29/11" in English. */
  locale: string
}) {
  const largest = Math.max(1, ...columns.map((column) => column.value))
  const step = WIDTH / Math.max(1, columns.length)
  const gap = Math.min(6, step * 0.25)
  // At most ~8 dates under the axis, evenly spread.
  const every = Math.max(1, Math.ceil(columns.length / 8))
  return (
    <figure className="day-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={title}
        className="day-chart__svg"
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="day-chart__axis" />
        {columns.map((column, index) => {
          const height = (column.value / largest) * (HEIGHT - 8)
          const width = Math.max(1, Math.min(MOST_WIDTH, step - gap))
          const date = datePlace(index * step + step / 2)
          return (
            <g key={column.date}>
              <rect
                x={index * step + (step - width) / 2}
                y={HEIGHT - height}
                width={width}
                height={height}
                className="day-chart__bar"
              >
                <title>{`${column.date}: ${column.label}`}</title>
              </rect>
              {index % every === 0 ? (
                <text
                  x={date.x}
                  y={HEIGHT + AXIS - 4}
                  textAnchor={date.anchor}
                  className="day-chart__date"
                >
                  {calendarDate(column.date, locale, { day: '2-digit', month: '2-digit' })}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
