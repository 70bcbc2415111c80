import { sql, type SQL } from 'drizzle-orm'

import { prefixTsQuery, titleOnly } from '../../../lib/search/text'
import type { FacetCounts, SearchHit, SearchQuery, SearchResult } from '../../../lib/search/query'
import type { SearchEngine, Sql } from '../types'
import { CountCache } from './countCache'
import { loaderVersionKey } from '../../../lib/search/filterShape'
import { textArray, whereSql } from './where'

const ORDER: Record<Exclude<SearchQuery['sort'], 'relevance'>, SQL> = {
  downloads: sql`p.downloads DESC, p.project_id`,
  follows: sql`p.follows DESC, p.project_id`,
  newest: sql`p.date_created DESC, p.project_id`,
  updated: sql`p.date_modified DESC, p.project_id`,
  trending: sql`p.trending DESC, p.downloads DESC, p.project_id`,
}

const RELEVANCE_ORDER = sql`p.downloads DESC, p.follows DESC, p.project_id`

/**
 * How one search is answered: the matches, a rank (ascending; ties by `order`), the order's columns
 * (within the columns of search_projects), and for a ranked text query the rank tiers as conditions.
 */
interface Plan {
  where: SQL
  rank: SQL
  order: SQL
  tiers?: SQL[]
}

const HIT_COLUMNS = sql.raw(`p.project_id, p.project_type, p.slug, p.author, p.title, p.summary, p.categories, p.loaders, p.display_categories,
  p.game_versions, p.downloads, p.follows, p.icon_url, p.date_created, p.date_modified, p.latest_version, p.license,
  p.client_side, p.server_side, p.gallery, p.featured_gallery, p.color, p.author_id, p.organization, p.organization_id, p.disclosure_types`)

/**
 * Totals are exact up to this many matches and estimated by the planner beyond it, as Meilisearch's
 * `estimatedTotalHits` (which the reference API reports) is: counting every match of a common word
 * is what made free-text search slow, and nobody pages through thousands of hits.
 */
export const EXACT_TOTAL_CAP = 1000

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())

/** A search_projects row as a v2 search hit. */
export function toHit(r: Record<string, unknown>): SearchHit {
  return {
    project_id: String(r.project_id),
    project_type: String(r.project_type),
    slug: String(r.slug),
    author: String(r.author),
    author_id: (r.author_id as string | null) ?? null,
    organization: (r.organization as string | null) ?? null,
    organization_id: (r.organization_id as string | null) ?? null,
    title: String(r.title),
    description: String(r.summary),
    // v2 clients expect loaders among the categories.
    categories: [...(r.categories as string[]), ...(r.loaders as string[])],
    display_categories: r.display_categories as string[],
    versions: r.game_versions as string[],
    downloads: Number(r.downloads),
    follows: Number(r.follows),
    icon_url: (r.icon_url as string | null) ?? null,
    date_created: iso(r.date_created),
    date_modified: iso(r.date_modified),
    latest_version: (r.latest_version as string | null) ?? null,
    license: String(r.license),
    client_side: String(r.client_side),
    server_side: String(r.server_side),
    gallery: r.gallery as string[],
    featured_gallery: (r.featured_gallery as string | null) ?? null,
    color: r.color == null ? null : Number(r.color),
    disclosure_types: (r.disclosure_types as string[] | null) ?? [],
  }
}

/** The search hits for these ids, in their order (ids no longer indexed are left out). */
async function hydrate(db: Sql, ids: string[]): Promise<SearchHit[]> {
  if (!ids.length) return []
  const hits = (await db.execute(sql`SELECT ${HIT_COLUMNS} FROM search_projects p WHERE p.project_id = ANY(${textArray(ids)})`)).rows.map(toHit)
  const at = new Map(ids.map((id, i) => [id, i]))
  return hits.sort((x, y) => at.get(x.project_id)! - at.get(y.project_id)!)
}

/**
 * Records that a project's search document changed, in the writing transaction, so that in-memory
 * indexes (`memory/sync.ts`) pick it up once it commits. '*' means everything changed.
 */
const logChange = (db: Sql, projectId: string) => db.execute(sql`INSERT INTO search_changes (project_id) VALUES (${projectId})`)

/** Postgres full-text search: weighted tsvector (title, summary, author, tags), trigram typo tolerance. */
export function postgresEngine(pool: () => Sql): SearchEngine {
  const counts = new CountCache()

  /** The planner's estimate of the matches, for totals past EXACT_TOTAL_CAP (cached like counts). */
  function estimate(db: Sql, where: SQL, counted: number): Promise<number> {
    return counts.get(where, 'n', async () => {
      const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM search_projects p WHERE ${where}`)
      return Math.max(counted, Math.round(planRows(plan.rows[0])))
    })
  }

  /**
   * One search in at most three steps. (1) Unless the filter set is known to be large, take up to
   * EXACT_TOTAL_CAP + 1 matches in one index pass, count them and order them by rank: for the usual,
   * selective search that is the whole answer with an exact total. (2) Past the cap, each rank tier
   * is its own query ordered by an index with a LIMIT, so a common word stops after a page of rows
   * instead of ranking every match; the total is the planner's estimate. (3) Hydrate the page.
   */
  async function execute(db: Sql, q: SearchQuery, plan: Plan): Promise<SearchResult> {
    const need = q.offset + q.limit
    let ids: string[] = []
    let total = counts.peek<number>(plan.where, 'n')
    if (total === undefined || total <= EXACT_TOTAL_CAP) {
      const { rows } = await db.execute(sql`
        SELECT p.project_id, count(*) OVER ()::int AS n FROM (
          SELECT p.project_id, p.downloads, p.follows, p.date_created, p.date_modified, p.trending, ${plan.rank} AS rank
          FROM search_projects p WHERE ${plan.where} LIMIT ${EXACT_TOTAL_CAP + 1}
        ) p ORDER BY p.rank, ${plan.order} LIMIT ${need}`)
      total = rows.length ? Number(rows[0].n) : 0
      ids = rows.map((r) => String(r.project_id))
    }
    if (total > EXACT_TOTAL_CAP) {
      ids = []
      for (const tier of plan.tiers ?? [sql`TRUE`]) {
        if (ids.length >= need) break
        const { rows } = await db.execute(sql`SELECT p.project_id FROM search_projects p WHERE ${plan.where} AND ${tier} ORDER BY ${plan.order} LIMIT ${need - ids.length}`)
        for (const r of rows) ids.push(String(r.project_id))
      }
      total = await estimate(db, plan.where, total)
    }
    const hits = await hydrate(db, ids.slice(q.offset, need))
    const result: SearchResult = { hits, offset: q.offset, limit: q.limit, total_hits: total }
    if (q.facets) result.facets = await counts.get(plan.where, 'facets', () => facetCounts(db, plan.where))
    return result
  }

  function similar(db: Sql, q: SearchQuery): Promise<SearchResult> {
    const text = q.text.trim().toLowerCase()
    const order = q.sort === 'relevance' ? RELEVANCE_ORDER : ORDER[q.sort]
    const similarity = sql`similarity(lower(p.title), ${text})`
    return execute(db, q, { where: whereSql(q.filters, [sql`lower(p.title) % ${text}`]), rank: q.sort === 'relevance' ? sql`-${similarity}` : sql`0`, order })
  }

  return {
    name: 'postgres',

    async search(q) {
      const db = pool()
      const order = q.sort === 'relevance' ? RELEVANCE_ORDER : ORDER[q.sort]
      const tsq = prefixTsQuery(q.text)
      if (!tsq) return execute(db, q, { where: whereSql(q.filters), rank: sql`0`, order })
      const text = q.text.trim().toLowerCase()
      // Words first (GIN on the tsvector); only when no project matches them, typo-tolerant title
      // similarity (GIN trigram) — an OR of the two would defeat both indexes.
      const where = whereSql(q.filters, [sql`p.tsv @@ to_tsquery('simple', ${tsq})`])
      let words: SearchResult
      if (q.sort === 'relevance') {
        // Exact title or slug, then the words in the title (weight A), then the rest; popularity within.
        const exact = sql`(lower(p.title) = ${text} OR p.slug = ${text})`
        const inTitle = sql`(p.tsv @@ to_tsquery('simple', ${titleOnly(tsq)}))`
        words = await execute(db, q, {
          where,
          rank: sql`CASE WHEN ${exact} THEN 0 WHEN ${inTitle} THEN 1 ELSE 2 END`,
          order,
          tiers: [exact, sql`NOT ${exact} AND ${inTitle}`, sql`NOT ${exact} AND NOT ${inTitle}`],
        })
      } else {
        words = await execute(db, q, { where, rank: sql`0`, order })
      }
      if (words.total_hits > 0 || q.offset > 0) return words
      return similar(db, q)
    },

    async upsert(doc, db = pool()) {
      counts.invalidate()
      const pairs = [...new Set(doc.versions.flatMap((v) => v.loaders.flatMap((l) => v.gameVersions.map((g) => loaderVersionKey(l, g)))))]
      const tags = [...doc.categories, ...doc.loaders].join(' ')
      await db.execute(sql`
        INSERT INTO search_projects (project_id, slug, title, summary, author, project_type, categories, display_categories, loaders,
          game_versions, loader_versions, client_side, server_side, license, open_source, downloads, follows, date_created, date_modified,
          latest_version, icon_url, color, gallery, featured_gallery, author_id, organization, organization_id, disclosure_types, tsv)
        VALUES (${doc.projectId}, ${doc.slug}, ${doc.title}, ${doc.summary}, ${doc.author}, ${doc.projectType},
          ${toArray(doc.categories)}, ${toArray(doc.displayCategories)}, ${toArray(doc.loaders)}, ${toArray(doc.gameVersions)}, ${toArray(pairs)},
          ${doc.clientSide}, ${doc.serverSide}, ${doc.license}, ${doc.openSource}, ${doc.downloads}, ${doc.follows},
          ${doc.dateCreated}::timestamptz, ${doc.dateModified}::timestamptz, ${doc.latestVersion}, ${doc.iconUrl}, ${doc.color},
          ${toArray(doc.gallery)}, ${doc.featuredGallery}, ${doc.authorId}, ${doc.organization}, ${doc.organizationId}, ${toArray(doc.disclosureTypes)},
          setweight(to_tsvector('simple', ${doc.title}), 'A') || setweight(to_tsvector('simple', ${doc.summary}), 'B')
            || setweight(to_tsvector('simple', ${doc.author}), 'C') || setweight(to_tsvector('simple', ${tags}), 'D'))
        ON CONFLICT (project_id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, summary = EXCLUDED.summary,
          author = EXCLUDED.author, project_type = EXCLUDED.project_type, categories = EXCLUDED.categories,
          display_categories = EXCLUDED.display_categories, loaders = EXCLUDED.loaders, game_versions = EXCLUDED.game_versions,
          loader_versions = EXCLUDED.loader_versions, client_side = EXCLUDED.client_side, server_side = EXCLUDED.server_side, license = EXCLUDED.license,
          open_source = EXCLUDED.open_source, downloads = EXCLUDED.downloads, follows = EXCLUDED.follows,
          date_created = EXCLUDED.date_created, date_modified = EXCLUDED.date_modified, latest_version = EXCLUDED.latest_version,
          icon_url = EXCLUDED.icon_url, color = EXCLUDED.color, gallery = EXCLUDED.gallery,
          featured_gallery = EXCLUDED.featured_gallery, author_id = EXCLUDED.author_id, organization = EXCLUDED.organization,
          organization_id = EXCLUDED.organization_id, disclosure_types = EXCLUDED.disclosure_types, tsv = EXCLUDED.tsv`)
      await logChange(db, doc.projectId)
      await db.execute(sql`DELETE FROM search_versions WHERE project_id = ${doc.projectId}`)
      if (doc.versions.length) {
        const rows = doc.versions.map((v) => sql`(${v.versionId}, ${doc.projectId}, ${toArray(v.loaders)}, ${toArray(v.gameVersions)}, ${v.versionType})`)
        await db.execute(sql`INSERT INTO search_versions (version_id, project_id, loaders, game_versions, version_type) VALUES ${sql.join(rows, sql`, `)}`)
      }
    },

    async remove(projectId, db = pool()) {
      counts.invalidate()
      await db.execute(sql`DELETE FROM search_projects WHERE project_id = ${projectId}`)
      await logChange(db, projectId)
    },

    async refreshTrending(db = pool()) {
      counts.invalidate()
      await db.execute(sql`
        WITH changed AS (
          UPDATE search_projects p SET trending = COALESCE(t.n, 0)
          FROM search_projects s LEFT JOIN (
            SELECT project_id, sum(count)::int AS n FROM analytics_daily WHERE kind = 'download' AND day > current_date - 7 GROUP BY project_id
          ) t ON t.project_id = s.project_id
          WHERE p.project_id = s.project_id AND p.trending IS DISTINCT FROM COALESCE(t.n, 0)
          RETURNING p.project_id
        )
        INSERT INTO search_changes (project_id) SELECT project_id FROM changed`)
    },

    async clear(db = pool()) {
      counts.invalidate()
      await db.execute(sql`TRUNCATE search_projects CASCADE`)
      await logChange(db, '*')
    },
  }
}

const toArray = textArray

/** Row estimate of the top node of an `EXPLAIN (FORMAT JSON)` result row. */
function planRows(row: Record<string, unknown>): number {
  const raw = row['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[]
  return Number(plan[0]?.Plan['Plan Rows'] ?? 0)
}

async function facetCounts(db: Sql, where: SQL): Promise<FacetCounts> {
  const { rows } = await db.execute(sql`
    WITH m AS (SELECT p.project_id, p.project_type, p.categories, p.loaders, p.game_versions, p.client_side, p.server_side, p.open_source
               FROM search_projects p WHERE ${where})
    SELECT 'project_type' AS f, project_type AS v, count(*)::int AS n FROM m GROUP BY 2
    UNION ALL SELECT 'categories', c, count(*)::int FROM m, unnest(m.categories) c GROUP BY 2
    UNION ALL SELECT 'loaders', l, count(*)::int FROM m, unnest(m.loaders) l GROUP BY 2
    UNION ALL SELECT 'game_versions', g, count(*)::int FROM m, unnest(m.game_versions) g GROUP BY 2
    UNION ALL SELECT 'client_side', client_side, count(*)::int FROM m GROUP BY 2
    UNION ALL SELECT 'server_side', server_side, count(*)::int FROM m GROUP BY 2
    UNION ALL SELECT 'open_source', open_source::text, count(*)::int FROM m GROUP BY 2`)
  const out: FacetCounts = { project_type: {}, categories: {}, loaders: {}, game_versions: {}, client_side: {}, server_side: {}, open_source: {} }
  for (const r of rows) out[r.f as keyof FacetCounts][String(r.v)] = Number(r.n)
  return out
}
