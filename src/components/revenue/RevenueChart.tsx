'use client'

import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type TooltipItem } from 'chart.js'
import { useEffect, useRef } from 'react'

import { formatMoney } from '@/lib/billing/currency'

Chart.register(BarController, BarElement, LinearScale, CategoryScale, Tooltip)

export type RevenueSeries = { id: string; title: string; /** Whole US cents per day (floored to the cent). */ values: number[] }

/** Distinct hues for up to a few dozen projects, readable on light and dark backgrounds (the analytics chart's). */
const colorOf = (i: number) => `hsl(${(i * 137.508) % 360} 70% 50%)`
// Integer cents all the way: the axis and tooltips format minor units, never a float of dollars.
const usd = { format: (cents: number) => formatMoney(Math.round(cents), 'USD') }

/**
 * Revenue per day, stacked by project (Chart.js on a canvas, as the analytics dashboard's chart).
 * The same figures are on the page in words — each day's explanation — for screen readers and
 * keyboard users; the canvas itself is described by its label.
 */
export function RevenueChart({ days, series, label }: { days: string[]; series: RevenueSeries[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    const style = getComputedStyle(document.documentElement)
    const muted = style.getPropertyValue('--text-muted').trim() || '#666'
    const grid = style.getPropertyValue('--border').trim() || '#ddd'
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days,
        datasets: series.map((s, i) => ({ label: s.title, data: s.values, backgroundColor: colorOf(i), borderColor: colorOf(i), borderWidth: 0, stack: 'revenue' })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { stacked: true, ticks: { color: muted, maxRotation: 0, autoSkipPadding: 16 }, grid: { color: grid } },
          y: { stacked: true, beginAtZero: true, ticks: { color: muted, callback: (value) => usd.format(Number(value)) }, grid: { color: grid } },
        },
        plugins: {
          tooltip: {
            filter: (item: TooltipItem<'bar'>) => (item.parsed.y ?? 0) > 0,
            itemSort: (a: TooltipItem<'bar'>, b: TooltipItem<'bar'>) => (b.parsed.y ?? 0) - (a.parsed.y ?? 0),
            callbacks: { label: (item: TooltipItem<'bar'>) => `${item.dataset.label ?? ''}: ${usd.format(item.parsed.y ?? 0)}` },
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
