import { z } from 'zod'

import { component, timestamp } from './registry'

export const CategoryTag = component('CategoryTag', z.object({ icon: z.string(), name: z.string(), project_type: z.string(), header: z.string() }))
export const LoaderTag = component('LoaderTag', z.object({ icon: z.string(), name: z.string(), supported_project_types: z.array(z.string()) }))
export const GameVersionTag = component('GameVersionTag', z.object({
  version: z.string(),
  version_type: z.enum(['release', 'snapshot', 'alpha', 'beta', 'other']),
  date: timestamp,
  major: z.boolean(),
}))
export const LicenseTag = component('LicenseTag', z.object({ short: z.string(), name: z.string() }))
export const LicenseText = component('License', z.object({ title: z.string(), body: z.string() }))
export const DonationPlatformTag = component('DonationPlatformTag', z.object({ short: z.string(), name: z.string() }))

export const Statistics = component('Statistics', z.object({
  projects: z.number().int(),
  versions: z.number().int(),
  authors: z.number().int(),
  files: z.number().int(),
}))

export const ErrorBody = component('Error', z.object({ error: z.string(), description: z.string() }), 'An error: a code and a description')
