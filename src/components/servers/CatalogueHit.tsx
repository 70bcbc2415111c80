import Link from 'next/link'
import type { ReactNode } from 'react'

import { projectPath } from '@/lib/search/displayType'
import type { SearchHit } from '@/lib/search/query'

/** One catalogue search result on a server's content page: the project, its summary, and its install button. */
export function CatalogueHit({ hit, testId, children }: { hit: SearchHit; testId: string; children: ReactNode }) {
  return (
    <li className="content-item" data-testid={testId}>
      <div className="content-item__about">
        <Link href={projectPath(hit.project_type, [], hit.slug)}>{hit.title}</Link>
        <span className="content-item__summary">{hit.description}</span>
      </div>
      {children}
    </li>
  )
}
