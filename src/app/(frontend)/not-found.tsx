import type { Metadata } from 'next'
import { headers } from 'next/headers'

import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { NotFoundView } from '@/components/site/errors/NotFoundView'
import { notFoundVariantForPath, PATHNAME_HEADER } from '@/lib/errors'

/** The variant comes from the path src/proxy.ts passes on (generic when it is missing). */
async function currentVariant() {
  return notFoundVariantForPath((await headers()).get(PATHNAME_HEADER))
}

export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata(await currentVariant())
}

export default async function NotFound() {
  return <NotFoundView variant={await currentVariant()} />
}
