import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { notFoundVariantForPath } from '@/lib/errors'

type Props = { params: Promise<{ rest: string[] }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { rest } = await params
  return notFoundMetadata(notFoundVariantForPath(`/${rest.join('/')}`))
}

/** Any path no other route matches: the 404 page (with status 404), chosen by not-found.tsx. */
export default function UnknownPage(): never {
  notFound()
}
