import { z } from 'zod'

import { getLicense, listCategories, listDonationPlatforms, listGameVersions, listLicenses, listLoaders, listReportTypes } from '../../../lib/data'
import { PROJECT_TYPES } from '../../../lib/projectTypes'
import { cachedRead, cacheKeys, cacheTags } from '../../../lib/cache'
import { invalidInput } from '../http/errors'
import { defineRoute } from '../http/route'
import { boolParam, text } from '../schemas/common'
import { SIDE_TYPES } from '../schemas/project'
import { CategoryTag, DonationPlatformTag, GameVersionTag, LicenseTag, LicenseText, LoaderTag } from '../schemas/tags'
import { toCategoryTag, toDonationPlatformTag, toGameVersionTag, toLicenseTag, toLoaderTag } from '../serializers/tags'

const TAG = 'tags'
const tag = { tag: TAG, method: 'GET' as const, anonymous: true }

/** Tag lists are the same for everyone (the routes are `anonymous`): kept until a tag changes. */
const kept = async <T>(viewer: { user: unknown }, key: string, load: () => Promise<T>): Promise<T> =>
  (await cachedRead(viewer, { key: cacheKeys.v2Tag(key), tags: () => [cacheTags.tags] }, load)) as T

export const categories = defineRoute({
  ...tag, path: '/tag/category', operationId: 'categoryList', summary: 'List categories', response: z.array(CategoryTag),
  handler: async ({ viewer }) => kept(viewer, 'category', async () => (await listCategories(viewer)).map(toCategoryTag)),
})

export const loaders = defineRoute({
  ...tag, path: '/tag/loader', operationId: 'loaderList', summary: 'List loaders', response: z.array(LoaderTag),
  handler: async ({ viewer }) => kept(viewer, 'loader', async () => (await listLoaders(viewer)).map(toLoaderTag)),
})

export const gameVersions = defineRoute({
  ...tag, path: '/tag/game_version', operationId: 'versionList', summary: 'List game versions', description: 'Newest first.',
  query: z.object({ type: text(32).optional(), major: boolParam.optional() }),
  queryDocs: { type: 'Only this type: release, snapshot, alpha or beta', major: 'Only major (true) or minor (false) versions' },
  response: z.array(GameVersionTag),
  handler: async ({ viewer, query }) => kept(viewer, `game_version:${query.type ?? ''}:${query.major ?? ''}`, async () => (await listGameVersions(viewer, { type: query.type, major: query.major })).map(toGameVersionTag)),
})

export const licenses = defineRoute({
  ...tag, path: '/tag/license', operationId: 'licenseList', summary: 'List licenses', response: z.array(LicenseTag),
  handler: async ({ viewer }) => kept(viewer, 'license', async () => (await listLicenses(viewer)).map(toLicenseTag)),
})

export const licenseText = defineRoute({
  ...tag, path: '/tag/license/{id}', operationId: 'licenseText', summary: 'Get the title and text of a license',
  params: { id: 'The SPDX identifier' }, response: LicenseText,
  responses: { 400: { description: 'Not a license identifier we know' } },
  handler: async ({ viewer, params }) => {
    const license = await getLicense(viewer, params.id)
    if (license) return { title: license.name, body: license.body ?? '' }
    if (params.id === 'LicenseRef-All-Rights-Reserved') return { title: 'All Rights Reserved', body: 'All rights reserved unless explicitly stated.' }
    throw invalidInput('Invalid SPDX identifier specified')
  },
})

export const donationPlatforms = defineRoute({
  ...tag, path: '/tag/donation_platform', operationId: 'donationPlatformList', summary: 'List donation platforms', response: z.array(DonationPlatformTag),
  handler: async ({ viewer }) => kept(viewer, 'donation_platform', async () => (await listDonationPlatforms(viewer)).map(toDonationPlatformTag)),
})

export const reportTypes = defineRoute({
  ...tag, path: '/tag/report_type', operationId: 'reportTypeList', summary: 'List report types', response: z.array(z.string()),
  handler: async ({ viewer }) => kept(viewer, 'report_type', async () => (await listReportTypes(viewer)).map((r) => r.id)),
})

export const projectTypes = defineRoute({
  ...tag, path: '/tag/project_type', operationId: 'projectTypeList', summary: 'List project types', response: z.array(z.string()),
  handler: async () => [...PROJECT_TYPES],
})

export const sideTypes = defineRoute({
  ...tag, path: '/tag/side_type', operationId: 'sideTypeList', summary: 'List side types', response: z.array(z.string()),
  handler: async () => [...SIDE_TYPES],
})

export const tagRoutes = [categories, loaders, gameVersions, licenses, licenseText, donationPlatforms, reportTypes, projectTypes, sideTypes]
