import { PathEscapeError } from './paths'

/** A file operation refused, with the HTTP answer it stands for (`extra` joins the error body). */
export class FileProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** How a path is named in messages: as the request gave it, relative to the server's folder. */
export const showPath = (segments: readonly string[]): string => (segments.length ? segments.join('/') : "the server's folder")

export const notFound = (segments: readonly string[]) => new FileProblem(404, 'not_found', `There is no ${showPath(segments)}.`)

export const alreadyExists = (segments: readonly string[]) => new FileProblem(409, 'exists', `${showPath(segments)} already exists.`)

export const notAFolder = (segments: readonly string[]) => new FileProblem(409, 'conflict', `${showPath(segments)} is a file, not a folder.`)

export const isAFolder = (segments: readonly string[]) => new FileProblem(409, 'conflict', `${showPath(segments)} is a folder.`)

/** A symbolic link at `link`: the game may have planted it pointing anywhere, so it is never followed. */
export function symlinkInTheWay(link: readonly string[], target: readonly string[] = link): PathEscapeError {
  return link.length === target.length
    ? new PathEscapeError(`${showPath(link)} is a symbolic link; it cannot be opened.`)
    : new PathEscapeError(`${showPath(link)} is a symbolic link; ${showPath(target)} cannot be reached through it.`)
}

export const quotaExceeded = (storageMb: number) =>
  new FileProblem(507, 'quota_exceeded', `Not enough storage: this server's plan has ${storageMb} MB.`)

export const isErrno = (err: unknown, ...codes: string[]): boolean =>
  err instanceof Error && codes.includes((err as NodeJS.ErrnoException).code ?? '')

/**
 * The answer for a system error met while working in a server's folder: mostly the game changing
 * the folder between a check and the operation (a file removed, a folder swapped for a link).
 */
export function fileSystemProblem(err: unknown): Error | null {
  if (isErrno(err, 'ENOENT')) return new FileProblem(404, 'not_found', 'The file or folder is not there (any more).')
  if (isErrno(err, 'ELOOP')) return new PathEscapeError('A symbolic link is in the way; it cannot be opened.')
  if (isErrno(err, 'ENOTDIR')) return new FileProblem(409, 'conflict', 'A file is in the way where a folder is needed.')
  if (isErrno(err, 'EISDIR', 'ENOTEMPTY', 'EEXIST')) return new FileProblem(409, 'conflict', 'A folder or file is in the way.')
  if (isErrno(err, 'ENAMETOOLONG')) return new FileProblem(400, 'invalid_path', 'The name is too long.')
  if (isErrno(err, 'ENOSPC', 'EDQUOT')) return new FileProblem(507, 'no_space', "The node's disk is full.")
  return null
}
