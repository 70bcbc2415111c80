import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_file_findings_kind" AS ENUM('known-malicious', 'zip-slip', 'absolute-path', 'nested-archive', 'native-library', 'hardcoded-ip', 'url', 'obfuscation', 'scan-limit', 'corrupt');
  CREATE TYPE "public"."enum_file_findings_severity" AS ENUM('low', 'medium', 'high', 'critical');
  CREATE TYPE "public"."enum_file_findings_verdict" AS ENUM('pending', 'safe', 'malicious');
  CREATE TABLE "file_findings" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"file_id" varchar NOT NULL,
  	"project_id" varchar NOT NULL,
  	"kind" "enum_file_findings_kind" NOT NULL,
  	"severity" "enum_file_findings_severity" NOT NULL,
  	"entry" varchar,
  	"detail" varchar NOT NULL,
  	"verdict" "enum_file_findings_verdict" DEFAULT 'pending' NOT NULL,
  	"decided_by_id" varchar,
  	"decided_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "malicious_hashes" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"hash" varchar NOT NULL,
  	"reason" varchar,
  	"added_by_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "version_files" ADD COLUMN "quarantined" boolean DEFAULT false;
  ALTER TABLE "file_findings" ADD CONSTRAINT "file_findings_file_id_version_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."version_files"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "file_findings" ADD CONSTRAINT "file_findings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "file_findings" ADD CONSTRAINT "file_findings_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "malicious_hashes" ADD CONSTRAINT "malicious_hashes_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "file_findings_file_idx" ON "file_findings" USING btree ("file_id");
  CREATE INDEX "file_findings_project_idx" ON "file_findings" USING btree ("project_id");
  CREATE INDEX "file_findings_severity_idx" ON "file_findings" USING btree ("severity");
  CREATE INDEX "file_findings_verdict_idx" ON "file_findings" USING btree ("verdict");
  CREATE INDEX "file_findings_decided_by_idx" ON "file_findings" USING btree ("decided_by_id");
  CREATE INDEX "file_findings_updated_at_idx" ON "file_findings" USING btree ("updated_at");
  CREATE INDEX "file_findings_created_at_idx" ON "file_findings" USING btree ("created_at");
  CREATE UNIQUE INDEX "malicious_hashes_hash_idx" ON "malicious_hashes" USING btree ("hash");
  CREATE INDEX "malicious_hashes_added_by_idx" ON "malicious_hashes" USING btree ("added_by_id");
  CREATE INDEX "malicious_hashes_updated_at_idx" ON "malicious_hashes" USING btree ("updated_at");
  CREATE INDEX "malicious_hashes_created_at_idx" ON "malicious_hashes" USING btree ("created_at");
  CREATE INDEX "version_files_quarantined_idx" ON "version_files" USING btree ("quarantined");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "file_findings" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "malicious_hashes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "file_findings" CASCADE;
  DROP TABLE "malicious_hashes" CASCADE;
  DROP INDEX "version_files_quarantined_idx";
  ALTER TABLE "version_files" DROP COLUMN "quarantined";
  DROP TYPE "public"."enum_file_findings_kind";
  DROP TYPE "public"."enum_file_findings_severity";
  DROP TYPE "public"."enum_file_findings_verdict";`)
}
