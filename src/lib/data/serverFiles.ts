import { listFiles, readFile, type FileEntry } from '../../plugins/hosting/service/files'
import { HostingError } from '../../plugins/hosting/service/rows'
import type { Viewer } from './viewer'

/*
 * The files page's reads: a folder of the server, or a file for the editor, as the signed-in viewer
 * (the hosting service refuses a stranger's server as not found). A refusal meant for the user (the
 * node down, a path that is not there, a file too big for the editor) comes back as its message.
 */

type Signed = Viewer & { user: NonNullable<Viewer['user']> }

export async function serverFolder(viewer: Signed, id: string, path: string): Promise<{ entries: FileEntry[] } | { error: string }> {
  try {
    return { entries: await listFiles(viewer.payload, viewer.user, id, path) }
  } catch (error) {
    if (error instanceof HostingError) return { error: error.message }
    throw error
  }
}

export async function serverFileText(viewer: Signed, id: string, path: string): Promise<{ content: string } | { error: string }> {
  try {
    return { content: (await readFile(viewer.payload, viewer.user, id, path)).content }
  } catch (error) {
    if (error instanceof HostingError) return { error: error.message }
    throw error
  }
}
