import type { DefaultNodeTypes, SerializedBlockNode } from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { RichText, type JSXConvertersFunction } from '@payloadcms/richtext-lexical/react'

import type { CalloutBlock, CodeBlock, ImageBlock, VideoEmbedBlock } from '@/payload-types'

import { CalloutBlockView } from './blocks/CalloutBlockView'
import { CodeBlockView } from './blocks/CodeBlockView'
import { ImageBlockView } from './blocks/ImageBlockView'
import { VideoEmbedBlockView } from './blocks/VideoEmbedBlockView'

type NodeTypes = DefaultNodeTypes | SerializedBlockNode<CalloutBlock | CodeBlock | ImageBlock | VideoEmbedBlock>

/** One converter per block of src/blocks; a block without one would render nothing, silently. */
const converters: JSXConvertersFunction<NodeTypes> = ({ defaultConverters }) => ({
  ...defaultConverters,
  blocks: {
    callout: ({ node }: { node: SerializedBlockNode<CalloutBlock> }) => <CalloutBlockView block={node.fields} />,
    code: ({ node }: { node: SerializedBlockNode<CodeBlock> }) => <CodeBlockView block={node.fields} />,
    image: ({ node }: { node: SerializedBlockNode<ImageBlock> }) => <ImageBlockView block={node.fields} />,
    videoEmbed: ({ node }: { node: SerializedBlockNode<VideoEmbedBlock> }) => <VideoEmbedBlockView block={node.fields} />,
  },
})

/** Lexical rich text of news articles and legal pages, rendered on the server. */
export function RichTextBody({ data, className = '' }: { data: SerializedEditorState; className?: string }) {
  return <RichText data={data} converters={converters} className={`article-body ${className}`.trim()} />
}
