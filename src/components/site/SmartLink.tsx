'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, type ComponentProps } from 'react'

import { observeForPrefetch, requestPrefetch } from '@/components/shell/prefetcher'
import { env } from '@/lib/env'

type Props = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch' | 'ref'> & { href: string }

/**
 * A `Link` whose preloading follows the site's limits (spec §9): at most five route preloads at
 * once, none on a slow or data-saving connection. Preloads start when the link nears the view,
 * sooner on hover, focus or touch. For the long link lists (result cards, header navigation).
 */
export function SmartLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const router = useRouter()
  const ref = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    // Next does not preload in development either (each preload would compile the page).
    if (!ref.current || !env.production()) return
    return observeForPrefetch(ref.current, href, (h) => router.prefetch(h))
  }, [href, router])

  const intent = () => {
    if (env.production()) requestPrefetch(href, (h) => router.prefetch(h), true)
  }

  return (
    <Link
      {...rest}
      ref={ref}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event)
        intent()
      }}
      onFocus={(event) => {
        onFocus?.(event)
        intent()
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event)
        intent()
      }}
    />
  )
}
