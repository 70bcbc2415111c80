/** The file manager's words (messages `Servers.files.*`), translated by the page and passed down; `{x}` is filled in the browser. */
export const FILES_TEXT_KEYS = [
  'name', 'size', 'modified', 'actions', 'select', 'empty', 'link', 'newFile', 'newFolder', 'newName', 'create', 'upload', 'uploadFolder', 'dropHint',
  'queue', 'queued', 'uploading', 'uploaded', 'failed', 'cancelled', 'cancel', 'cancelUpload', 'clearFinished', 'progress', 'download', 'downloadName',
  'extract', 'extractName', 'move', 'moveName', 'moveTo', 'moveSubmit', 'selectedOne', 'selectedOther', 'delete', 'deleteConfirmOne', 'deleteConfirmOther',
  'deleteConfirmButton', 'keep', 'compress', 'edit',
] as const

export type FilesText = Record<(typeof FILES_TEXT_KEYS)[number], string>
