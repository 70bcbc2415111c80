export { formatCompact, formatNumber } from './numbers'
export { formatMoney } from './money'
export { compareCategories, sortCategories, type CategoryLike } from './categories'
export { collapseGameVersions, gameVersionRanges, type GameVersionTag } from './gameVersions'
