// Hand-written (not generated): the log of search-document changes that in-memory search indexes
// follow. Each row carries its writing transaction's id, so a reader can ask for exactly the changes
// committed since the snapshot it last read (`src/plugins/search/memory/sync.ts`).
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS search_changes (
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      project_id text NOT NULL,
      at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX IF NOT EXISTS search_changes_xid_idx ON search_changes (xid);
    CREATE INDEX IF NOT EXISTS search_changes_at_idx ON search_changes (at);
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS search_changes`)
}
