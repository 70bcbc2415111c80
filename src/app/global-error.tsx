'use client'

// Next.js only picks up global-error at the root of `app/`; the page itself lives with the site's components.
export { default } from '@/components/site/errors/GlobalError'
