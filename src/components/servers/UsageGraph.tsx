/** A small line graph of the last samples (0–100 %), drawn as SVG: no chart library for a sparkline. */
export function UsageGraph({ label, values, value }: { label: string; values: number[]; value: string }) {
  const points = values.map((v, i) => `${(i / Math.max(1, values.length - 1)) * 100},${30 - (Math.max(0, Math.min(100, v)) / 100) * 30}`).join(' ')
  return (
    <figure className="server-usage">
      <figcaption>
        <span>{label}</span> <strong data-testid={`usage-${label.toLowerCase()}`}>{value}</strong>
      </figcaption>
      <svg viewBox="0 0 100 30" preserveAspectRatio="none" aria-hidden="true" className="server-usage__graph">
        {values.length > 1 ? <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" /> : null}
      </svg>
    </figure>
  )
}
