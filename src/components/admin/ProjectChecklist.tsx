import type { UIFieldServerComponent } from 'payload'

import { checklistOf } from '@/lib/data/checklist'
import type { NagLevel } from '@/lib/checklist/nags'
import messages from '../../../messages/en-US.json'

const LEVELS: NagLevel[] = ['required', 'warning', 'suggestion']
type NagText = { title: string; description: string }

/** The description with its values filled in (ICU-style `{name}` placeholders only). */
const fill = (text: string, values: Record<string, number | string> = {}) => text.replace(/\{(\w+)[^}]*\}/g, (_, k: string) => String(values[k] ?? ''))

/**
 * The publishing checklist on a project's edit view in the admin panel (issue 13: creators edit
 * there too): the same items, levels and reasons as the site's member header, read for the signed-in
 * user (a project they may not read shows nothing), each linking to the site page that fixes it.
 */
export const ProjectChecklist: UIFieldServerComponent = async ({ id, payload, user, req }) => {
  if (!id || !user) return null
  const project = await payload.findByID({ collection: 'projects', id: String(id), depth: 0, overrideAccess: false, user, req, disableErrors: true })
  if (!project) return null
  const nags = [...(await checklistOf(payload, project, req))].sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level))
  const text = messages.Checklist as unknown as { title: string; allDone: string; fix: string; levels: Record<NagLevel, string>; nags: Record<string, NagText> }
  const base = `/${project.projectType}/${encodeURIComponent(project.slug)}`
  return (
    <section className="project-checklist-admin" aria-labelledby="admin-checklist" style={{ marginBlock: '1.5rem', padding: '1rem', border: '1px solid var(--theme-elevation-150)', borderRadius: 8 }}>
      <h3 id="admin-checklist" style={{ marginTop: 0 }}>{text.title}</h3>
      {nags.length === 0 ? (
        <p>{text.allDone}</p>
      ) : (
        <ul style={{ display: 'grid', gap: '0.6rem', margin: 0, paddingLeft: '1.1rem' }}>
          {nags.map((nag) => (
            <li key={nag.id} data-nag={nag.id}>
              <strong>{text.levels[nag.level]}: {text.nags[nag.id]?.title ?? nag.id}</strong> — {fill(text.nags[nag.id]?.description ?? '', nag.values)}{' '}
              <a href={`${base}/${nag.fix}`} aria-label={`${text.fix}: ${text.nags[nag.id]?.title ?? nag.id}`}>
                {text.fix}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
