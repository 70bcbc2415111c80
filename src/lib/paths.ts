import path from 'node:path'

import { env } from './env'

/** Where uploaded files live on local disk (object storage replaces this when configured). */
export const mediaDir = (): string => path.resolve(env.mediaDir() ?? path.join(process.cwd(), 'media'))
