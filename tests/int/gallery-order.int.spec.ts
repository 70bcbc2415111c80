/**
 * Gallery ordering (issue 13 item 4), as the settings page saves a drag: the new order must name
 * each image of the gallery once; a member without EDIT_DETAILS changes nothing.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { viewerFor } from '../../src/lib/data'
import { relationId } from '../../src/lib/ids'
import { addGalleryImage, galleryOf, reorderGallery } from '../../src/lib/publishing/gallery'
import type { Project, User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { tinyPng } from '../helpers/world'

let payload: Payload
let owner: User & { collection: 'users' }
let project: Project

beforeAll(async () => {
  payload = await bootPayload()
  owner = await makeUser(payload)
  project = await payload.create({ collection: 'projects', data: { slug: `order-${Date.now().toString(36)}`, title: 'Ordered', summary: 'A project whose gallery is ordered.', projectType: 'mod' }, user: owner, overrideAccess: false })
})

describe('gallery order', () => {
  it('saves a new order, refuses one that leaves out or adds an image, and refuses a member without the bit', async () => {
    const viewer = await viewerFor(payload, owner)
    for (const title of ['One', 'Two', 'Three']) {
      const data = await tinyPng(12)
      await addGalleryImage(viewer, project.id, { data, mimetype: 'image/png', name: `${title}.png`, size: data.length }, { title })
    }
    const ids = (await galleryOf(viewer, project.id)).map((g) => g.id)
    const refusal = { data: { errors: [expect.objectContaining({ message: expect.stringMatching(/each image of this gallery once/) })] } }
    await reorderGallery(viewer, project.id, [ids[2], ids[0], ids[1]])
    expect((await galleryOf(viewer, project.id)).map((g) => g.title)).toEqual(['Three', 'One', 'Two'])

    await expect(reorderGallery(viewer, project.id, [ids[0], ids[1]])).rejects.toMatchObject(refusal)
    await expect(reorderGallery(viewer, project.id, [ids[0], ids[1], 'someone-elses'])).rejects.toMatchObject(refusal)

    const member = await makeUser(payload)
    await payload.create({ collection: 'team-members', data: { team: relationId(project.team)!, user: member.id, accepted: true, permissions: 0 }, overrideAccess: true })
    const asMember = await viewerFor(payload, member)
    await expect(reorderGallery(asMember, project.id, [ids[0], ids[1], ids[2]])).rejects.toThrow()
    expect((await galleryOf(viewer, project.id)).map((g) => g.title)).toEqual(['Three', 'One', 'Two'])
  })
})
