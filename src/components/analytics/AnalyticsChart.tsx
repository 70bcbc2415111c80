'use client'

import { CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip, type TooltipItem } from 'chart.js'
import { useEffect, useRef } from 'react'

import { topEntries, type ProjectSeries } from '@/lib/analytics/series'

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler)

/** Distinct hues for up to a few dozen projects, readable on light and dark backgrounds. */
const colorOf = (i: number) => `hsl(${(i * 137.508) % 360} 70% 50%)`

/**
 * The analytics line chart (Chart.js on a canvas): one line per project over the range's days. The
 * tooltip of a day lists at most 15 projects, largest first (spec §9). The same figures are on the
 * page as a table for screen readers and keyboard users; the canvas itself is described by its label.
 */
export function AnalyticsChart({ days, series, label }: { days: string[]; series: ProjectSeries[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    const style = getComputedStyle(document.documentElement)
    const muted = style.getPropertyValue('--text-muted').trim() || '#666'
    const grid = style.getPropertyValue('--border').trim() || '#ddd'
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: days,
        datasets: series.map((s, i) => ({ label: s.title, data: s.values, borderColor: colorOf(i), backgroundColor: colorOf(i), borderWidth: 2, pointRadius: 0, pointHoverRadius: 4, tension: 0.25 })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { ticks: { color: muted, maxRotation: 0, autoSkipPadding: 16 }, grid: { color: grid } },
          y: { beginAtZero: true, ticks: { color: muted, precision: 0 }, grid: { color: grid } },
        },
        plugins: {
          tooltip: {
            filter: (item: TooltipItem<'line'>, _i: number, items: TooltipItem<'line'>[]) =>
              topEntries(items.map((x) => ({ title: x.dataset.label ?? '', value: x.parsed.y ?? 0, index: x.datasetIndex }))).some((x) => x.index === item.datasetIndex),
            itemSort: (a: TooltipItem<'line'>, b: TooltipItem<'line'>) => (b.parsed.y ?? 0) - (a.parsed.y ?? 0),
          },
        },
      },
    })
    return () => chart.destroy()
  }, [days, series])
  return (
    <div className="analytics-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  )
}
