import { getCatalogueStatistics } from '../../../lib/data'
import { defineRoute } from '../http/route'
import { Statistics } from '../schemas/tags'

export const statistics = defineRoute({
  method: 'GET', path: '/statistics', operationId: 'statistics', tag: 'misc', summary: 'Catalogue statistics',
  description: 'Listed projects, their listed versions, their authors and files.',
  anonymous: true, response: Statistics,
  handler: async ({ payload }) => getCatalogueStatistics(payload),
})
