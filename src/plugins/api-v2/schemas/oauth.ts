import { z } from 'zod'

import { checkRedirectUri } from '../../../lib/oauth/redirectUri'
import { component, timestamp } from './registry'

/** `OAuthClient` (labrinth `models/v3/oauth_clients.rs`): public; the secret is never in it. */
export const OAuthClient = component('OAuthClient', z.object({
  id: z.string(),
  name: z.string(),
  icon_url: z.string().nullable(),
  max_scopes: z.number().int().describe('Scope bits the app may ask for'),
  redirect_uris: z.array(z.object({ id: z.string(), client_id: z.string(), uri: z.string() })),
  created_by: z.string(),
  created: timestamp,
  url: z.string().nullable(),
  description: z.string().nullable(),
}), 'A third-party application')

export const OAuthClientCreated = z.object({ client_secret: z.string().describe('Shown once: only its hash is kept'), client: OAuthClient })

export const OAuthAuthorization = component('OAuthClientAuthorization', z.object({
  id: z.string(),
  app_id: z.string(),
  user_id: z.string(),
  scopes: z.number().int(),
  created: timestamp,
}), 'An application a user authorized')

export const OAuthAccessRequest = z.object({
  flow_id: z.string().describe('Send it back to /accept or /reject'),
  client_id: z.string(),
  client_name: z.string(),
  client_icon: z.string().nullable(),
  requested_scopes: z.number().int(),
})

const redirectUri = z.string().superRefine((value, ctx) => {
  const problem = checkRedirectUri(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
const appName = z.string().trim().min(3, { error: 'must be 3 to 255 characters' }).max(255, { error: 'must be 3 to 255 characters' })
const scopesBody = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()

export const NewOAuthClient = z.object({
  name: appName,
  max_scopes: scopesBody,
  redirect_uris: z.array(redirectUri).min(1).max(10),
  url: optionalText(255),
  description: optionalText(255),
})
export const OAuthClientPatch = z.object({
  name: appName.optional(),
  max_scopes: scopesBody.optional(),
  redirect_uris: z.array(redirectUri).min(1).max(10).optional(),
  url: optionalText(255),
  description: optionalText(255),
})
export const FlowBody = z.object({ flow: z.string().min(1).max(4096) })
