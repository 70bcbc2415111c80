import { CalloutBlock } from './Callout'
import { CodeBlock } from './Code'
import { ImageBlock } from './Image'
import { VideoEmbedBlock } from './VideoEmbed'

/** Blocks available in news articles' rich text. */
export const articleBlocks = [ImageBlock, CodeBlock, CalloutBlock, VideoEmbedBlock]
