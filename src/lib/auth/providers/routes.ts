import { configuredProviders, isProviderId, type ConfiguredProvider } from './catalogue'

/** The configured provider a route's `{provider}` names, or undefined (the route answers 404). */
export const providerNamed = (id: string): ConfiguredProvider | undefined => (isProviderId(id) ? configuredProviders().find((p) => p.id === id) : undefined)

/** A redirect the browser follows with a GET (after a form or a provider's callback). */
export const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } })

export const notFound = () => new Response('Not found', { status: 404 })
