import xssModule from 'xss'
import type * as Xss from 'xss'

/**
 * js-xss is CommonJS and copies its helpers onto `module.exports` in a loop, which Node's ESM named-export
 * detection cannot see (only FilterXSS and filterXSS come through as named imports). Its typings describe the
 * default export as a bare function, so the helpers are read from the default export under their declared types.
 */
interface XssRuntime {
  FilterXSS: typeof Xss.FilterXSS
  parseAttr: typeof Xss.parseAttr
  friendlyAttrValue: typeof Xss.friendlyAttrValue
  escapeAttrValue: typeof Xss.escapeAttrValue
}

export const { FilterXSS, parseAttr, friendlyAttrValue, escapeAttrValue } = xssModule as unknown as XssRuntime
