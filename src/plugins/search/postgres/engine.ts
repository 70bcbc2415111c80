import { sql, type SQL } from 'drizzle-orm'

import { prefixTsQuery } from '../../../lib/search/text'
import type { FacetCounts, SearchHit, SearchQuery, SearchResult } from '../../../lib/search/query'
import type { SearchEngine, Sql } from '../types'
import { CountCache } from './countCache'
import { loaderVersionKey, textArray, whereSql } from './where'

const ORDER: Record<Exclude<SearchQuery['sort'], 'relevance'>, SQL> = {
  downloads: sql`p.downloads DESC, p.project_id`,
  follows: sql`p.follows DESC, p.project_id`,
  newest: sql`p.date_created DESC, p.project_id`,
  updated: sql`p.date_modified DESC, p.project_id`,
  trending: sql`p.trending DESC, p.downloads DESC, p.project_id`,
}

const HIT_COLUMNS = sql.raw(`p.project_id, p.project_type, p.slug, p.author, p.title, p.summary, p.categories, p.loaders, p.display_categories,
  p.game_versions, p.downloads, p.follows, p.icon_url, p.date_created, p.date_modified, p.latest_version, p.license,
  p.client_side, p.server_side, p.gallery, p.featured_gallery, p.color`)

/** The same tsquery restricted to title words (weight A): `a & b:*` → `a:A & b:*A`. */
const titleOnly = (tsq: string) => tsq.split(' & ').map((t) => `${t}A`).join(' & ')

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())

function toHit(r: Record<string, unknown>): SearchHit {
  return {
    project_id: String(r.project_id),
    project_type: String(r.project_type),
    slug: String(r.slug),
    author: String(r.author),
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
  }
}

/** Postgres full-text search: weighted tsvector (title, summary, author, tags), trigram typo tolerance. */
export function postgresEngine(pool: () => Sql): SearchEngine {
  const counts = new CountCache()

  async function run(db: Sql, q: SearchQuery, where: SQL, order: SQL): Promise<SearchResult> {
    const page = await db.execute(sql`SELECT ${HIT_COLUMNS} FROM search_projects p WHERE ${where} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`)
    const total =
      q.offset === 0 && page.rows.length < q.limit
        ? page.rows.length
        : await counts.get(where, 'n', async () => Number((await db.execute(sql`SELECT count(*)::int AS n FROM search_projects p WHERE ${where}`)).rows[0].n))
    const result: SearchResult = { hits: page.rows.map(toHit), offset: q.offset, limit: q.limit, total_hits: total }
    if (q.facets) result.facets = await counts.get(where, 'facets', () => facetCounts(db, where))
    return result
  }

  return {
    name: 'postgres',

    async search(q) {
      const db = pool()
      const tsq = prefixTsQuery(q.text)
      if (!tsq) return run(db, q, whereSql(q.filters), q.sort === 'relevance' ? sql`p.downloads DESC, p.follows DESC, p.project_id` : ORDER[q.sort])
      const text = q.text.trim().toLowerCase()
      // Words first (GIN on the tsvector); only when no project matches them, typo-tolerant title
      // similarity (GIN trigram) — an OR of the two would defeat both indexes.
      const words = await run(
        db,
        q,
        whereSql(q.filters, [sql`p.tsv @@ to_tsquery('simple', ${tsq})`]),
        q.sort === 'relevance'
          ? // Exact title or slug, then the words in the title (weight A), then popularity. A boolean
            // weight test costs far less than ts_rank over every match.
            sql`(lower(p.title) = ${text} OR p.slug = ${text}) DESC, (p.tsv @@ to_tsquery('simple', ${titleOnly(tsq)})) DESC, p.downloads DESC, p.project_id`
          : ORDER[q.sort],
      )
      if (words.total_hits > 0 || q.offset > 0) return words
      return run(db, q, whereSql(q.filters, [sql`lower(p.title) % ${text}`]), q.sort === 'relevance' ? sql`similarity(lower(p.title), ${text}) DESC, p.downloads DESC, p.project_id` : ORDER[q.sort])
    },

    async upsert(doc, db = pool()) {
      counts.invalidate()
      const pairs = [...new Set(doc.versions.flatMap((v) => v.loaders.flatMap((l) => v.gameVersions.map((g) => loaderVersionKey(l, g)))))]
      const tags = [...doc.categories, ...doc.loaders].join(' ')
      await db.execute(sql`
        INSERT INTO search_projects (project_id, slug, title, summary, author, project_type, categories, display_categories, loaders,
          game_versions, loader_versions, client_side, server_side, license, open_source, downloads, follows, date_created, date_modified,
          latest_version, icon_url, color, gallery, featured_gallery, tsv)
        VALUES (${doc.projectId}, ${doc.slug}, ${doc.title}, ${doc.summary}, ${doc.author}, ${doc.projectType},
          ${toArray(doc.categories)}, ${toArray(doc.displayCategories)}, ${toArray(doc.loaders)}, ${toArray(doc.gameVersions)}, ${toArray(pairs)},
          ${doc.clientSide}, ${doc.serverSide}, ${doc.license}, ${doc.openSource}, ${doc.downloads}, ${doc.follows},
          ${doc.dateCreated}::timestamptz, ${doc.dateModified}::timestamptz, ${doc.latestVersion}, ${doc.iconUrl}, ${doc.color},
          ${toArray(doc.gallery)}, ${doc.featuredGallery},
          setweight(to_tsvector('simple', ${doc.title}), 'A') || setweight(to_tsvector('simple', ${doc.summary}), 'B')
            || setweight(to_tsvector('simple', ${doc.author}), 'C') || setweight(to_tsvector('simple', ${tags}), 'D'))
        ON CONFLICT (project_id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, summary = EXCLUDED.summary,
          author = EXCLUDED.author, project_type = EXCLUDED.project_type, categories = EXCLUDED.categories,
          display_categories = EXCLUDED.display_categories, loaders = EXCLUDED.loaders, game_versions = EXCLUDED.game_versions,
          loader_versions = EXCLUDED.loader_versions, client_side = EXCLUDED.client_side, server_side = EXCLUDED.server_side, license = EXCLUDED.license,
          open_source = EXCLUDED.open_source, downloads = EXCLUDED.downloads, follows = EXCLUDED.follows,
          date_created = EXCLUDED.date_created, date_modified = EXCLUDED.date_modified, latest_version = EXCLUDED.latest_version,
          icon_url = EXCLUDED.icon_url, color = EXCLUDED.color, gallery = EXCLUDED.gallery,
          featured_gallery = EXCLUDED.featured_gallery, tsv = EXCLUDED.tsv`)
      await db.execute(sql`DELETE FROM search_versions WHERE project_id = ${doc.projectId}`)
      if (doc.versions.length) {
        const rows = doc.versions.map((v) => sql`(${v.versionId}, ${doc.projectId}, ${toArray(v.loaders)}, ${toArray(v.gameVersions)}, ${v.versionType})`)
        await db.execute(sql`INSERT INTO search_versions (version_id, project_id, loaders, game_versions, version_type) VALUES ${sql.join(rows, sql`, `)}`)
      }
    },

    async remove(projectId, db = pool()) {
      counts.invalidate()
      await db.execute(sql`DELETE FROM search_projects WHERE project_id = ${projectId}`)
    },

    async refreshTrending(db = pool()) {
      counts.invalidate()
      await db.execute(sql`
        UPDATE search_projects p SET trending = COALESCE(t.n, 0)
        FROM search_projects s LEFT JOIN (
          SELECT project_id, sum(downloads)::int AS n FROM project_daily_downloads WHERE day > current_date - 7 GROUP BY project_id
        ) t ON t.project_id = s.project_id
        WHERE p.project_id = s.project_id AND p.trending IS DISTINCT FROM COALESCE(t.n, 0)`)
    },

    async clear(db = pool()) {
      counts.invalidate()
      await db.execute(sql`TRUNCATE search_projects CASCADE`)
    },
  }
}

const toArray = textArray

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
