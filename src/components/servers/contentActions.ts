'use server'

import { z } from 'zod'

import { installCollection, installProject, removeContent, toggleContent, updateContent } from '@/plugins/hosting/service/content'
import { installModpackProject } from '@/plugins/hosting/service/modpack'

import { runServerDone, serverId, type ServerState } from './runServerAction'

/*
 * The content page's changes. As every server action: the session's user only, input checked with
 * zod; the hosting service decides whether the server is theirs, and installs only what the user may
 * see in the catalogue.
 */

const act = runServerDone
const text = (form: FormData, name: string) => form.get(name) ?? undefined
const docId = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/)
const fileName = z.string().min(1).max(255)

const project = z.object({ server: serverId, project: docId, everything: z.enum(['0', '1']) })

/** Install from the search: the project's newest version for the server (any, when showing everything). */
export async function installProjectAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(project, { server: text(form, 'server'), project: text(form, 'project'), everything: text(form, 'everything') ?? '0' }, async (viewer, i, t) => {
    const files = await installProject(viewer, i.server, i.project, i.everything === '1')
    return t('content.installed', { files: files.join(', ') })
  })
}

const collection = z.object({ server: serverId, collection: docId })

export async function installCollectionAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(collection, { server: text(form, 'server'), collection: text(form, 'collection') }, async (viewer, i, t) => {
    const { installed, skipped } = await installCollection(viewer, i.server, i.collection)
    const done = t('content.collectionInstalled', { count: installed.length })
    return skipped.length ? `${done} ${t('content.collectionSkipped', { names: skipped.join(', ') })}` : done
  })
}

const onFile = z.object({ server: serverId, file: fileName, op: z.enum(['remove', 'toggle', 'update']) })

/** What an installed file's row does: remove it, disable or enable it, or update it. */
export async function contentFileAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(onFile, { server: text(form, 'server'), file: text(form, 'file'), op: text(form, 'op') }, async (viewer, i, t) => {
    if (i.op === 'remove') {
      await removeContent(viewer, i.server, i.file)
      return t('content.removed', { file: i.file })
    }
    if (i.op === 'update') return t('content.updated', { version: await updateContent(viewer, i.server, i.file) })
    return t((await toggleContent(viewer, i.server, i.file)) ? 'content.disabled' : 'content.enabled', { file: i.file })
  })
}

const modpack = z.object({ server: serverId, project: docId })

/** A whole modpack in one step: its mods (those the catalogue holds) and its overrides. */
export async function installModpackAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(modpack, { server: text(form, 'server'), project: text(form, 'project') }, async (viewer, i, t) => {
    const done = await installModpackProject(viewer, i.server, i.project)
    const said = t('content.modpackInstalled', { name: done.name, files: done.files, overrides: done.overrides })
    return done.skipped.length ? `${said} ${t('content.modpackSkipped', { count: done.skipped.length, paths: done.skipped.slice(0, 5).join(', ') })}` : said
  })
}
