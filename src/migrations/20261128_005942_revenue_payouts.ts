// Generated for the collections `revenue-staff-acts` and `revenue-tax-forms` (src/plugins/revenue/
// collections/records.ts), then extended by hand (the part after the generated statements): the
// ledger's `blockforge` system account (what creators pay the site with, "Pay Blockforge") and
// `revenue_holds`, the staff holds on a balance (src/plugins/revenue/service/holds.ts), written by
// plain SQL only, never through a collection.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_revenue_staff_acts_act" AS ENUM('hold', 'release');
  CREATE TYPE "public"."enum_revenue_tax_forms_tax_id_type" AS ENUM('ssn', 'itin', 'ein', 'foreign');
  CREATE TABLE "revenue_staff_acts" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"staff_id" varchar,
  	"act" "enum_revenue_staff_acts_act" NOT NULL,
  	"reason" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "revenue_tax_forms" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"user_id" varchar,
  	"year" numeric NOT NULL,
  	"legal_name" varchar NOT NULL,
  	"country" varchar NOT NULL,
  	"tax_id_type" "enum_revenue_tax_forms_tax_id_type" NOT NULL,
  	"tax_id_last4" varchar NOT NULL,
  	"signed_on" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "revenue_staff_acts" ADD CONSTRAINT "revenue_staff_acts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "revenue_staff_acts" ADD CONSTRAINT "revenue_staff_acts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "revenue_tax_forms" ADD CONSTRAINT "revenue_tax_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "revenue_staff_acts_user_idx" ON "revenue_staff_acts" USING btree ("user_id");
  CREATE INDEX "revenue_staff_acts_staff_idx" ON "revenue_staff_acts" USING btree ("staff_id");
  CREATE INDEX "revenue_staff_acts_updated_at_idx" ON "revenue_staff_acts" USING btree ("updated_at");
  CREATE INDEX "revenue_staff_acts_created_at_idx" ON "revenue_staff_acts" USING btree ("created_at");
  CREATE INDEX "revenue_tax_forms_user_idx" ON "revenue_tax_forms" USING btree ("user_id");
  CREATE INDEX "revenue_tax_forms_updated_at_idx" ON "revenue_tax_forms" USING btree ("updated_at");
  CREATE INDEX "revenue_tax_forms_created_at_idx" ON "revenue_tax_forms" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_year_idx" ON "revenue_tax_forms" USING btree ("user_id","year");`)

  // Hand-written: not in the collections' snapshot.
  await db.execute(sql`
    ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN ('user', 'revenue_pool', 'in_transit', 'fees', 'paid_out', 'blockforge'));
    INSERT INTO ledger_accounts (kind) VALUES ('blockforge') ON CONFLICT DO NOTHING;

    -- A held balance: nothing leaves it until staff release it. One row per held user; each hold and
    -- release is recorded in revenue_staff_acts.
    CREATE TABLE revenue_holds (
      user_id varchar PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      reason text NOT NULL,
      staff_id varchar REFERENCES users (id) ON DELETE SET NULL,
      held_at timestamptz NOT NULL DEFAULT now()
    );
  `)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The `blockforge` account stays if anything was paid to it (the ledger is append-only).
  await db.execute(sql`
    DROP TABLE IF EXISTS revenue_holds;
    DELETE FROM ledger_accounts a WHERE a.kind = 'blockforge' AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.account_id = a.id);
  `)
  await db.execute(sql`
   DROP TABLE "revenue_staff_acts" CASCADE;
  DROP TABLE "revenue_tax_forms" CASCADE;
  DROP TYPE "public"."enum_revenue_staff_acts_act";
  DROP TYPE "public"."enum_revenue_tax_forms_tax_id_type";`)
}
