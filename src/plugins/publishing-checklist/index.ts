import type { Config, Field, FieldHook, Plugin } from 'payload'

import messages from '../../../messages/en-US.json'
import { actorOf, isStaff } from '../../access/core/roles'
import { WriteRefused } from '../../access/core/writeRules'
import { insertFields, mapCollections, mapField } from '../../lib/config/appendHooks'
import { requiredNags } from '../../lib/checklist/nags'
import { checklistOf } from '../../lib/data/checklist'
import type { Project } from '../../payload-types'

/*
 * The publishing checklist as a capability: what a project still needs before review (the rules are
 * src/lib/checklist, pure), shown on the project's edit view and required when its team submits it.
 * Who may change a project's status at all is the status rule's (src/access/projects.ts); this
 * plugin adds, after it, that a submission has every required item done.
 */

/** The checklist on the edit view, beside the form (creators edit here too); nothing is stored. */
const checklistField: Field = {
  name: 'publishingChecklist',
  type: 'ui',
  admin: { condition: (data) => !!data?.id, components: { Field: '/components/admin/ProjectChecklist#ProjectChecklist' } },
}

/**
 * A team's submission for review (a status moved to `processing`) needs every required checklist
 * item done, judged on the project as it will be saved. Staff set statuses without it, and system
 * writes are not submissions.
 */
const submitNeedsChecklist: FieldHook = async ({ value, previousValue, operation, overrideAccess, req, data, originalDoc }) => {
  if (overrideAccess || operation !== 'update' || value !== 'processing' || previousValue === 'processing' || isStaff(actorOf(req))) return value
  const project = { ...originalDoc, ...data } as unknown as Project
  const missing = requiredNags(await checklistOf(req.payload, project, req))
  if (missing.length === 0) return value
  const titles = missing.map((n) => (messages.Checklist.nags as Record<string, { title: string }>)[n.id]?.title ?? n.id)
  throw new WriteRefused(`Complete the required checklist items before submitting: ${titles.join(', ')}.`, 400)
}

const withSubmitCheck = (field: Field): Field => {
  const hooks = ('hooks' in field ? field.hooks : undefined) ?? {}
  return { ...field, hooks: { ...hooks, beforeValidate: [...(hooks.beforeValidate ?? []), submitNeedsChecklist] } } as Field
}

export const publishingChecklistPlugin =
  (): Plugin =>
  (config: Config): Config => ({
    ...config,
    collections: mapCollections(
      config.collections,
      (projects) => ({ ...projects, fields: insertFields(mapField(projects.fields, 'status', withSubmitCheck), { after: 'slug' }, checklistField) }),
      ['projects'],
    ),
  })
