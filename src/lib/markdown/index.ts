export { renderMarkdown, type RenderMarkdownOptions } from './render'
export { proxyImageUrl, EXTERNAL_LINK_REL } from './urls'
export { highlightCode } from './highlight'
export { ALLOWED_CSS, MARKDOWN_WHITELIST, MAX_NESTING, MEDIA_HOSTS } from './whitelist'
