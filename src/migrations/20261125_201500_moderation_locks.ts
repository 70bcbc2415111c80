// Hand-written (not generated): review locks (src/lib/moderation/locks.ts). One row per project under
// review, written by plain SQL in single statements so two moderators can never both take one; they
// are short-lived working state, not documents, so no collection.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS moderation_locks (
      project_id varchar PRIMARY KEY,
      moderator_id varchar NOT NULL,
      locked_at timestamptz NOT NULL DEFAULT now()
    );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS moderation_locks;`)
}
