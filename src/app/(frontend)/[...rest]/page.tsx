import { notFound } from 'next/navigation'

/** Any path no other route matches: the 404 page (with status 404). */
export default function UnknownPage(): never {
  notFound()
}
