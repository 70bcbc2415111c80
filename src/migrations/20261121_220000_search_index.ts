// Hand-written (not generated): the search index and download counters are plain tables that the
// search plugin maintains, outside Payload's collections.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE IF NOT EXISTS search_projects (
      project_id varchar PRIMARY KEY,
      slug varchar NOT NULL,
      title varchar NOT NULL,
      summary text NOT NULL,
      author varchar NOT NULL,
      project_type varchar NOT NULL,
      categories text[] NOT NULL DEFAULT '{}',
      display_categories text[] NOT NULL DEFAULT '{}',
      loaders text[] NOT NULL DEFAULT '{}',
      game_versions text[] NOT NULL DEFAULT '{}',
      -- 'loader|game version' for every version: one GIN lookup answers "a fabric version for 1.21"
      loader_versions text[] NOT NULL DEFAULT '{}',
      client_side varchar NOT NULL DEFAULT 'unknown',
      server_side varchar NOT NULL DEFAULT 'unknown',
      license varchar NOT NULL DEFAULT '',
      open_source boolean NOT NULL DEFAULT false,
      downloads integer NOT NULL DEFAULT 0,
      follows integer NOT NULL DEFAULT 0,
      trending integer NOT NULL DEFAULT 0,
      date_created timestamptz NOT NULL,
      date_modified timestamptz NOT NULL,
      latest_version varchar,
      icon_url text,
      color integer,
      gallery text[] NOT NULL DEFAULT '{}',
      featured_gallery text,
      tsv tsvector NOT NULL
    );
    CREATE INDEX IF NOT EXISTS search_projects_tsv_idx ON search_projects USING gin (tsv);
    CREATE INDEX IF NOT EXISTS search_projects_title_trgm_idx ON search_projects USING gin (lower(title) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS search_projects_categories_idx ON search_projects USING gin (categories);
    CREATE INDEX IF NOT EXISTS search_projects_loaders_idx ON search_projects USING gin (loaders);
    CREATE INDEX IF NOT EXISTS search_projects_game_versions_idx ON search_projects USING gin (game_versions);
    CREATE INDEX IF NOT EXISTS search_projects_loader_versions_idx ON search_projects USING gin (loader_versions);
    CREATE INDEX IF NOT EXISTS search_projects_type_downloads_idx ON search_projects (project_type, downloads DESC);
    CREATE INDEX IF NOT EXISTS search_projects_downloads_idx ON search_projects (downloads DESC);
    CREATE INDEX IF NOT EXISTS search_projects_follows_idx ON search_projects (follows DESC);
    CREATE INDEX IF NOT EXISTS search_projects_created_idx ON search_projects (date_created DESC);
    CREATE INDEX IF NOT EXISTS search_projects_modified_idx ON search_projects (date_modified DESC);
    CREATE INDEX IF NOT EXISTS search_projects_trending_idx ON search_projects (trending DESC);
    CREATE TABLE IF NOT EXISTS search_versions (
      version_id varchar PRIMARY KEY,
      project_id varchar NOT NULL REFERENCES search_projects (project_id) ON DELETE CASCADE,
      loaders text[] NOT NULL DEFAULT '{}',
      game_versions text[] NOT NULL DEFAULT '{}',
      version_type varchar NOT NULL DEFAULT 'release'
    );
    CREATE INDEX IF NOT EXISTS search_versions_project_idx ON search_versions (project_id);
    CREATE INDEX IF NOT EXISTS search_versions_loaders_idx ON search_versions USING gin (loaders);
    CREATE INDEX IF NOT EXISTS search_versions_game_versions_idx ON search_versions USING gin (game_versions);
    CREATE TABLE IF NOT EXISTS project_daily_downloads (
      project_id varchar NOT NULL,
      day date NOT NULL,
      downloads integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, day)
    );
    CREATE INDEX IF NOT EXISTS project_daily_downloads_day_idx ON project_daily_downloads (day);
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS project_daily_downloads;
    DROP TABLE IF EXISTS search_versions;
    DROP TABLE IF EXISTS search_projects;
  `)
}
