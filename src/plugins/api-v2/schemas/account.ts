import { z } from 'zod'

import { component, timestamp } from './registry'

/** `PersonalAccessToken` (labrinth `models/v3/pats.rs`): `access_token` only in the answer to its creation. */
export const Pat = component('PersonalAccessToken', z.object({
  id: z.string(),
  name: z.string(),
  access_token: z.string().nullable().describe('The token (`mrp_…`): shown once, when it is made'),
  scopes: z.number().int().describe('Scope bits'),
  user_id: z.string(),
  created: timestamp,
  expires: timestamp,
  last_used: timestamp.nullable(),
}), 'A personal access token')

const scopesBody = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Scope bits (restricted scopes are refused)')
const nameBody = z.string().trim().min(3, { error: 'must be 3 to 255 characters' }).max(255, { error: 'must be 3 to 255 characters' })
const expiresBody = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' })

export const NewPat = z.object({ scopes: scopesBody, name: nameBody, expires: expiresBody })
export const PatPatch = z.object({ scopes: scopesBody.optional(), name: nameBody.optional(), expires: expiresBody.optional() })

/** `Session` (labrinth `models/v3/sessions.rs`), without the address and place we do not keep. */
export const Session = component('Session', z.object({
  id: z.string(),
  session: z.string().nullable().describe('The token: only in the answer to a refresh'),
  user_id: z.string(),
  created: timestamp,
  last_login: timestamp,
  expires: timestamp,
  refresh_expires: timestamp,
  os: z.string().nullable(),
  platform: z.string().nullable(),
  user_agent: z.string(),
  current: z.boolean(),
}), 'A signed-in session')
