import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "oauth_apps_redirect_uris" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"uri" varchar NOT NULL
  );
  
  CREATE TABLE "oauth_apps" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_by_id" varchar,
  	"name" varchar NOT NULL,
  	"icon_id" varchar,
  	"url" varchar,
  	"description" varchar,
  	"max_scopes" varchar DEFAULT '0' NOT NULL,
  	"secret_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "oauth_authorizations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" varchar NOT NULL,
  	"app_id" varchar NOT NULL,
  	"scopes" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "oauth_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code_hash" varchar NOT NULL,
  	"app_id" varchar NOT NULL,
  	"user_id" varchar NOT NULL,
  	"scopes" varchar NOT NULL,
  	"redirect_uri" varchar NOT NULL,
  	"code_challenge" varchar,
  	"code_challenge_method" varchar,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "oauth_tokens" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"token_hash" varchar NOT NULL,
  	"app_id" varchar NOT NULL,
  	"user_id" varchar NOT NULL,
  	"scopes" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"last_used" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "oauth_apps_redirect_uris" ADD CONSTRAINT "oauth_apps_redirect_uris_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."oauth_apps"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "oauth_apps" ADD CONSTRAINT "oauth_apps_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_apps" ADD CONSTRAINT "oauth_apps_icon_id_images_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_authorizations" ADD CONSTRAINT "oauth_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_authorizations" ADD CONSTRAINT "oauth_authorizations_app_id_oauth_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."oauth_apps"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_app_id_oauth_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."oauth_apps"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_app_id_oauth_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."oauth_apps"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "oauth_apps_redirect_uris_order_idx" ON "oauth_apps_redirect_uris" USING btree ("_order");
  CREATE INDEX "oauth_apps_redirect_uris_parent_id_idx" ON "oauth_apps_redirect_uris" USING btree ("_parent_id");
  CREATE INDEX "oauth_apps_created_by_idx" ON "oauth_apps" USING btree ("created_by_id");
  CREATE INDEX "oauth_apps_icon_idx" ON "oauth_apps" USING btree ("icon_id");
  CREATE UNIQUE INDEX "oauth_apps_secret_hash_idx" ON "oauth_apps" USING btree ("secret_hash");
  CREATE INDEX "oauth_apps_updated_at_idx" ON "oauth_apps" USING btree ("updated_at");
  CREATE INDEX "oauth_apps_created_at_idx" ON "oauth_apps" USING btree ("created_at");
  CREATE INDEX "oauth_authorizations_user_idx" ON "oauth_authorizations" USING btree ("user_id");
  CREATE INDEX "oauth_authorizations_app_idx" ON "oauth_authorizations" USING btree ("app_id");
  CREATE INDEX "oauth_authorizations_updated_at_idx" ON "oauth_authorizations" USING btree ("updated_at");
  CREATE INDEX "oauth_authorizations_created_at_idx" ON "oauth_authorizations" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_app_idx" ON "oauth_authorizations" USING btree ("user_id","app_id");
  CREATE UNIQUE INDEX "oauth_codes_code_hash_idx" ON "oauth_codes" USING btree ("code_hash");
  CREATE INDEX "oauth_codes_app_idx" ON "oauth_codes" USING btree ("app_id");
  CREATE INDEX "oauth_codes_user_idx" ON "oauth_codes" USING btree ("user_id");
  CREATE INDEX "oauth_codes_updated_at_idx" ON "oauth_codes" USING btree ("updated_at");
  CREATE INDEX "oauth_codes_created_at_idx" ON "oauth_codes" USING btree ("created_at");
  CREATE UNIQUE INDEX "oauth_tokens_token_hash_idx" ON "oauth_tokens" USING btree ("token_hash");
  CREATE INDEX "oauth_tokens_app_idx" ON "oauth_tokens" USING btree ("app_id");
  CREATE INDEX "oauth_tokens_user_idx" ON "oauth_tokens" USING btree ("user_id");
  CREATE INDEX "oauth_tokens_updated_at_idx" ON "oauth_tokens" USING btree ("updated_at");
  CREATE INDEX "oauth_tokens_created_at_idx" ON "oauth_tokens" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "oauth_apps_redirect_uris" CASCADE;
  DROP TABLE "oauth_apps" CASCADE;
  DROP TABLE "oauth_authorizations" CASCADE;
  DROP TABLE "oauth_codes" CASCADE;
  DROP TABLE "oauth_tokens" CASCADE;`)
}
