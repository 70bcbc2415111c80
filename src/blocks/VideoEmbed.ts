import type { Block } from 'payload'

import { YOUTUBE_ID } from '../lib/video'

/** A YouTube video, stored as its 11-character id (the only video iframe the site allows). */
export const VideoEmbedBlock: Block = {
  slug: 'videoEmbed',
  interfaceName: 'VideoEmbedBlock',
  fields: [
    {
      name: 'videoId',
      type: 'text',
      required: true,
      validate: (value: string | null | undefined) => (value && YOUTUBE_ID.test(value) ? true : 'Enter the 11-character YouTube video id.'),
    },
    { name: 'title', type: 'text' },
    { name: 'start', type: 'number', min: 0 },
  ],
}
