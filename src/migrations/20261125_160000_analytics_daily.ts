// Hand-written (not generated): the daily counts behind download figures, trending and analytics
// (src/lib/analytics), and the seen-keys that count each address once per window. They are written by
// plain SQL on every download and view, never through a collection. The demo data's per-project
// download history moves over as project-level rows (version_id '').
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS analytics_daily (
      kind text NOT NULL CHECK (kind IN ('download', 'view')),
      project_id varchar NOT NULL,
      version_id varchar NOT NULL DEFAULT '',
      day date NOT NULL,
      count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, project_id, version_id, day)
    );
    CREATE INDEX IF NOT EXISTS analytics_daily_day_idx ON analytics_daily (kind, day);
    CREATE TABLE IF NOT EXISTS analytics_seen (
      key text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS analytics_seen_expires_idx ON analytics_seen (expires_at);
    INSERT INTO analytics_daily (kind, project_id, version_id, day, count)
      SELECT 'download', project_id, '', day, downloads FROM project_daily_downloads
      ON CONFLICT DO NOTHING;
    DROP TABLE IF EXISTS project_daily_downloads;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS project_daily_downloads (
      project_id varchar NOT NULL,
      day date NOT NULL,
      downloads integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, day)
    );
    INSERT INTO project_daily_downloads (project_id, day, downloads)
      SELECT project_id, day, sum(count)::int FROM analytics_daily WHERE kind = 'download' GROUP BY project_id, day
      ON CONFLICT DO NOTHING;
    DROP TABLE IF EXISTS analytics_seen;
    DROP TABLE IF EXISTS analytics_daily;
  `)
}
