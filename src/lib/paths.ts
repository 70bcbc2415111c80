import path from 'node:path'

/** Where uploaded files live on local disk (object storage replaces this when configured). */
export const mediaDir = (): string => path.resolve(process.env.MEDIA_DIR ?? path.join(process.cwd(), 'media'))
