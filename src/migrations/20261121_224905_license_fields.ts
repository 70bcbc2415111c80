import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "projects" ADD COLUMN "license_id" varchar;
  ALTER TABLE "projects" ADD CONSTRAINT "projects_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "projects_license_idx" ON "projects" USING btree ("license_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "projects" DROP CONSTRAINT "projects_license_id_licenses_id_fk";
  
  DROP INDEX "projects_license_idx";
  ALTER TABLE "projects" DROP COLUMN "license_id";`)
}
