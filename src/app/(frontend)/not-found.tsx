import type { Metadata } from 'next'
import { headers } from 'next/headers'

import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { NotFoundView } from '@/components/site/errors/NotFoundView'
import { notFoundVariantForPath, PATHNAME_HEADER } from '@/lib/errors'

/** Title and description by the path src/proxy.ts passes on (generic when it is missing). */
export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata(notFoundVariantForPath((await headers()).get(PATHNAME_HEADER)))
}

/** 404 for every public route: the variant (generic, project, user, …) follows the path. */
export default function NotFound() {
  return <NotFoundView />
}
