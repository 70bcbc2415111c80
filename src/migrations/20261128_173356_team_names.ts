import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "teams" ADD COLUMN "name" varchar;`)
  // Existing teams take the name of what they belong to (later renames are kept by src/collections/hooks/teamName.ts).
  await db.execute(sql`
   UPDATE "teams" SET "name" = "projects"."title" FROM "projects" WHERE "projects"."team_id" = "teams"."id";
   UPDATE "teams" SET "name" = "organizations"."name" FROM "organizations" WHERE "organizations"."team_id" = "teams"."id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "teams" DROP COLUMN "name";`)
}
