import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "servers" ADD COLUMN "startup" jsonb;
  ALTER TABLE "servers" ADD COLUMN "preferences" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "servers" DROP COLUMN "startup";
  ALTER TABLE "servers" DROP COLUMN "preferences";`)
}
