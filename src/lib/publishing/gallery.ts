import { ValidationError } from 'payload'

import type { Image } from '../../payload-types'
import { as, type Viewer } from '../data/viewer'
import { MAX_GALLERY_ITEMS } from '../limits'

/*
 * A project's gallery, as the settings page and `/v2` both change it: every write is the viewer's
 * (the images collection checks their EDIT_DETAILS bit on the project), one featured image at most.
 */
export type GalleryDetails = { title?: string | null; description?: string | null; featured?: boolean; ordering?: number }
export type ImageUpload = { data: Buffer; mimetype: string; name: string; size: number }

const detailsData = (d: GalleryDetails) => ({
  ...(d.title !== undefined ? { title: d.title || null, alt: d.title || null } : {}),
  ...(d.description !== undefined ? { description: d.description || null } : {}),
  ...(d.featured !== undefined ? { featured: d.featured } : {}),
  ...(d.ordering !== undefined ? { ordering: d.ordering } : {}),
})

export async function galleryOf(viewer: Viewer, projectId: string): Promise<Image[]> {
  const { docs } = await viewer.payload.find({ collection: 'images', where: { and: [{ project: { equals: projectId } }, { kind: { equals: 'gallery' } }] }, sort: 'ordering', depth: 0, pagination: false, ...as(viewer) })
  return docs
}

/** Featuring one image unfeatures the others. */
async function unfeatureOthers(viewer: Viewer, projectId: string, keep: string) {
  const { docs } = await viewer.payload.find({ collection: 'images', where: { and: [{ project: { equals: projectId } }, { featured: { equals: true } }, { id: { not_equals: keep } }] }, depth: 0, pagination: false, ...as(viewer) })
  for (const d of docs) await viewer.payload.update({ collection: 'images', id: d.id, data: { featured: false }, depth: 0, ...as(viewer) })
}

/** Adds an image at the end of the gallery (sharp makes the sizes). */
export async function addGalleryImage(viewer: Viewer, projectId: string, file: ImageUpload, details: GalleryDetails): Promise<Image> {
  const existing = await galleryOf(viewer, projectId)
  if (existing.length >= MAX_GALLERY_ITEMS) throw new ValidationError({ collection: 'images', errors: [{ path: 'file', message: `A gallery holds at most ${MAX_GALLERY_ITEMS} images.` }] })
  const doc = await viewer.payload.create({
    collection: 'images',
    data: { kind: 'gallery', project: projectId, featured: false, ordering: existing.length, ...detailsData(details) },
    file,
    depth: 0,
    ...as(viewer),
  })
  if (details.featured) await unfeatureOthers(viewer, projectId, doc.id)
  return doc
}

export async function updateGalleryImage(viewer: Viewer, projectId: string, imageId: string, details: GalleryDetails): Promise<void> {
  await viewer.payload.update({ collection: 'images', id: imageId, data: detailsData(details), depth: 0, ...as(viewer) })
  if (details.featured) await unfeatureOthers(viewer, projectId, imageId)
}

export async function deleteGalleryImage(viewer: Viewer, imageId: string): Promise<void> {
  await viewer.payload.delete({ collection: 'images', id: imageId, depth: 0, ...as(viewer) })
}

/** Puts the gallery in the given order (ids of this project's images; others are refused). */
export async function reorderGallery(viewer: Viewer, projectId: string, orderedIds: string[]): Promise<void> {
  const gallery = await galleryOf(viewer, projectId)
  const known = new Set(gallery.map((g) => g.id))
  if (orderedIds.length !== gallery.length || orderedIds.some((id) => !known.has(id)))
    throw new ValidationError({ collection: 'images', errors: [{ path: 'ordering', message: 'The new order must name each image of this gallery once.' }] })
  for (const [ordering, id] of orderedIds.entries()) {
    const image = gallery.find((g) => g.id === id)!
    if ((image.ordering ?? 0) !== ordering) await viewer.payload.update({ collection: 'images', id, data: { ordering }, depth: 0, ...as(viewer) })
  }
}
