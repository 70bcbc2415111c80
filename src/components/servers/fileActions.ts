'use server'

import { z } from 'zod'

import { fileName, filePath, joinPath } from '@/lib/hosting/filePaths'
import { compressFiles, deleteFiles, extractArchive, makeFolder, moveFile, writeFile } from '@/plugins/hosting/service/files'

import { runServerDone, serverId, type ServerState } from './runServerAction'

/*
 * The file manager's changes (uploads and downloads are route handlers: they carry bytes). As every
 * server action: the session's user only, input checked with zod, the hosting service decides whether
 * the server is theirs and the node keeps every path inside the server's folder.
 */

const act = runServerDone
const text = (form: FormData, name: string) => form.get(name) ?? undefined
/** Paths chosen in the list (checkboxes named `path`). */
const chosen = z.array(filePath.refine((p) => p !== '')).min(1).max(100)

const inFolder = z.object({ server: serverId, dir: filePath, name: fileName, kind: z.enum(['file', 'folder']) })

/** "New file" / "New folder": a name in the folder shown. A new file is empty, opened in the editor next. */
export async function createEntryAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: text(form, 'server'), dir: text(form, 'dir') ?? '', name: text(form, 'name'), kind: text(form, 'kind') }
  return act(inFolder, input, async (viewer, i, t) => {
    const path = joinPath(i.dir, i.name)
    if (i.kind === 'folder') await makeFolder(viewer.payload, viewer.user, i.server, path)
    else await writeFile(viewer.payload, viewer.user, i.server, path, '')
    return t(i.kind === 'folder' ? 'files.folderCreated' : 'files.fileCreated', { name: i.name })
  })
}

// What the editor sends: up to 1 MiB of text (the agent opens nothing bigger in the editor).
const save = z.object({ server: serverId, path: filePath.refine((p) => p !== ''), content: z.string().max(1024 * 1024) })

export async function saveFileAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(save, { server: text(form, 'server'), path: text(form, 'path'), content: text(form, 'content') }, async (viewer, i, t) => {
    await writeFile(viewer.payload, viewer.user, i.server, i.path, i.content)
    return t('files.saved')
  })
}

const move = z.object({ server: serverId, from: filePath.refine((p) => p !== ''), to: filePath.refine((p) => p !== '', 'Enter where it goes.') })

/** Rename or move: the new path, relative to the server's folder (a name alone keeps it in its folder's parent). */
export async function moveFileAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(move, { server: text(form, 'server'), from: text(form, 'from'), to: text(form, 'to') }, async (viewer, i, t) => {
    await moveFile(viewer.payload, viewer.user, i.server, i.from, i.to)
    return t('files.moved', { path: i.to })
  })
}

const selection = z.object({ server: serverId, op: z.enum(['delete', 'compress']), paths: chosen })

/** What the list's toolbar does with the chosen entries: delete them, or compress them into one archive. */
export async function selectionAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(selection, { server: text(form, 'server'), op: text(form, 'op'), paths: form.getAll('path') }, async (viewer, i, t) => {
    if (i.op === 'compress') return t('files.compressed', { path: await compressFiles(viewer.payload, viewer.user, i.server, i.paths) })
    return t('files.deleted', { count: await deleteFiles(viewer.payload, viewer.user, i.server, i.paths) })
  })
}

const one = z.object({ server: serverId, path: filePath.refine((p) => p !== '') })

export async function extractArchiveAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return act(one, { server: text(form, 'server'), path: text(form, 'path') }, async (viewer, i, t) => {
    await extractArchive(viewer.payload, viewer.user, i.server, i.path)
    return t('files.extracted')
  })
}
