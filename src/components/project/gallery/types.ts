/** A gallery picture as the public pages show it (thumbnail, large view, original file). */
export type GalleryItem = {
  id: string
  title: string | null
  description: string | null
  alt: string
  thumb: string
  full: string
  original: string
  featured: boolean
  width: number | null
  height: number | null
}
