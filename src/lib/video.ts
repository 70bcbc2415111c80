/** YouTube video ids: 11 characters of base64url. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/

export const youtubeEmbedUrl = (id: string, start?: number | null) =>
  `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${Math.floor(start)}` : ''}`
