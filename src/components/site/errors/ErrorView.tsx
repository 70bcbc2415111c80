import type { ReactNode } from 'react'

/** Layout shared by every error page: title, optional subtitle, optional titled list, actions. */
export function ErrorView({
  title,
  subtitle,
  listTitle,
  items = [],
  details,
  actions,
}: {
  title: string
  subtitle?: string
  listTitle?: string
  items?: ReactNode[]
  details?: ReactNode
  actions?: ReactNode
}) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <div className="error-page__card">
        <h1 id="error-title" className="error-page__title">
          {title}
        </h1>
        {subtitle ? <p className="error-page__subtitle">{subtitle}</p> : null}
        {items.length > 0 ? (
          <div className="error-page__list">
            {listTitle ? <p className="error-page__list-title">{listTitle}</p> : null}
            <ul>
              {items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {details}
        {actions ? <div className="error-page__actions">{actions}</div> : null}
      </div>
    </section>
  )
}
