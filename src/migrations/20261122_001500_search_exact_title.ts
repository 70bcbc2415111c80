// Hand-written (not generated): indexes for the search engine's first relevance tier, an exact
// title or slug match, which is looked up on its own before the word matches.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE INDEX IF NOT EXISTS search_projects_title_lower_idx ON search_projects (lower(title));
    CREATE INDEX IF NOT EXISTS search_projects_slug_idx ON search_projects (slug);
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP INDEX IF EXISTS search_projects_title_lower_idx;
    DROP INDEX IF EXISTS search_projects_slug_idx;
  `)
}
