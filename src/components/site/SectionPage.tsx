import type { ReactNode } from 'react'

/** A page of a sectioned area (dashboard, moderation): its section list, then the heading, lead, actions and content. */
export function SectionPage({ nav, title, lead, actions, children }: { nav: ReactNode; title: string; lead?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="container settings-page dashboard-page">
      {nav}
      <div className="settings-content">
        <header className="settings-header dashboard-header">
          <div>
            <h1 className="settings-header__title">{title}</h1>
            {lead ? <p className="settings-header__lead">{lead}</p> : null}
          </div>
          {actions ? <div className="dashboard-header__actions">{actions}</div> : null}
        </header>
        {children}
      </div>
    </div>
  )
}
