import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "servers" ADD COLUMN "subdomain" varchar;
  CREATE UNIQUE INDEX "servers_subdomain_idx" ON "servers" USING btree ("subdomain");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "servers_subdomain_idx";
  ALTER TABLE "servers" DROP COLUMN "subdomain";`)
}
