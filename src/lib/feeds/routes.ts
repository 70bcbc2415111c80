import config from '@payload-config'
import { getPayload } from 'payload'

import { isProduct } from '../news/products'
import type { FeedFormat } from '../news/paths'
import { changelogFeed, feedResponse, newsFeed } from './build'
import { collectionVersionsFeed, userVersionsFeed } from './collectionVersions'
import { projectVersionsFeed } from './projectVersions'

/** GET handlers for the feed routes under src/app: thin wrappers so the routes stay one line. */
export const newsFeedHandler = (format: FeedFormat) => async () => feedResponse(await newsFeed(await getPayload({ config })), format)

export const changelogFeedHandler =
  (format: FeedFormat) =>
  async (_request: Request, { params }: { params: Promise<{ product: string }> }) => {
    const { product } = await params
    if (!isProduct(product)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    return feedResponse(await changelogFeed(await getPayload({ config }), product), format)
  }

export const projectFeedHandler =
  (format: FeedFormat) =>
  async (_request: Request, { params }: { params: Promise<{ type: string; id: string }> }) => {
    const { type, id } = await params
    let key = id
    try {
      key = decodeURIComponent(id)
    } catch {
      /* as it came */
    }
    const feed = await projectVersionsFeed(await getPayload({ config }), type, key)
    if (!feed) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    return feedResponse(feed, format)
  }

const decoded = (id: string) => {
  try {
    return decodeURIComponent(id)
  } catch {
    return id
  }
}
const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** /collection/{id}/feed.atom and /user/{id}/feed.atom. */
export const collectionFeedHandler = async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const feed = await collectionVersionsFeed(await getPayload({ config }), decoded((await params).id))
  return feed ? feedResponse(feed, 'atom') : notFound()
}
export const userFeedHandler = async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const feed = await userVersionsFeed(await getPayload({ config }), decoded((await params).id))
  return feed ? feedResponse(feed, 'atom') : notFound()
}
