import { currentViewer } from '@/lib/data/currentViewer'
import { ownCollections } from '@/lib/data/collections'

import { AddToCollection } from './AddToCollection'

/** The project page's "Add to collection" button with the viewer's collections (none for visitors). */
export async function CollectionMenu({ projectId, back }: { projectId: string; back: string }) {
  const viewer = await currentViewer()
  const mine = await ownCollections(viewer)
  const collections = mine.map((c) => ({ id: c.id, name: c.name, visibility: c.visibility, includes: c.projectIds.includes(projectId) }))
  return <AddToCollection projectId={projectId} back={back} signedIn={!!viewer.user} collections={collections} />
}
