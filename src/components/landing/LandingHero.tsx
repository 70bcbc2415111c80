import type { ReactNode } from 'react'

/** The top of a product landing page: eyebrow, title, lead and the main actions. */
export function LandingHero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="landing-hero">
      <p className="landing-hero__eyebrow">{eyebrow}</p>
      <h1 className="landing-hero__title">{title}</h1>
      <p className="landing-hero__lead">{lead}</p>
      {children ? <div className="landing-hero__actions">{children}</div> : null}
    </header>
  )
}

/** A grid of short feature descriptions under an h2. */
export function FeatureGrid({ heading, items }: { heading: string; items: { title: string; body: string }[] }) {
  return (
    <section className="landing-section" aria-label={heading}>
      <h2 className="landing-section__title">{heading}</h2>
      <ul className="landing-features">
        {items.map((f) => (
          <li key={f.title} className="landing-feature">
            <h3>{f.title}</h3>
            <p>{f.body}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
