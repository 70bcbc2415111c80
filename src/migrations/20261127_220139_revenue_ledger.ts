// Hand-written (not generated): creator revenue's double-entry ledger (src/plugins/revenue/service/
// ledger.ts) and the records the daily job and the payout rails keep beside it. Written by plain SQL
// only, never through a collection. The database itself holds the ledger's rules:
// - every transaction's entries sum to zero: a DEFERRABLE INITIALLY DEFERRED constraint trigger
//   checks it at commit (or at the end of each statement under SET CONSTRAINTS … IMMEDIATE), so a
//   transaction is written in as many statements as it needs but never commits unbalanced;
// - a transaction's entries are written in the same database transaction as the transaction itself
//   (`xact`), so a committed transaction is closed: nothing can be added to it later;
// - nothing is updated, deleted or truncated;
// - every transaction has a unique idempotency key (a rerun, a replayed webhook find it).
// Amounts are integer micro-units of USD (10⁻⁶ $) in `bigint`.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE ledger_accounts (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('user', 'revenue_pool', 'in_transit', 'fees', 'paid_out')),
      -- A deleted account's ledger stays whole: its entries keep their account, the user is emptied.
      user_id varchar REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind = 'user' OR user_id IS NULL)
    );
    CREATE UNIQUE INDEX ledger_accounts_user_idx ON ledger_accounts (user_id) WHERE user_id IS NOT NULL;
    CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (kind) WHERE kind <> 'user';
    INSERT INTO ledger_accounts (kind) VALUES ('revenue_pool'), ('in_transit'), ('fees'), ('paid_out');

    CREATE TABLE ledger_transactions (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      kind text NOT NULL,
      memo text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      -- The database transaction that wrote it (set by a trigger, whatever the insert says).
      xact xid8 NOT NULL DEFAULT pg_current_xact_id()
    );

    -- Entry ids come from the sequence alone (a trigger sets them), so within a database transaction
    -- a later entry always has a larger id: the balance check below relies on it.
    CREATE SEQUENCE ledger_entries_id_seq;
    CREATE TABLE ledger_entries (
      id bigint PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
      account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      amount bigint NOT NULL CHECK (amount <> 0),
      -- Money in is pending until then; money out counts at once.
      available_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER SEQUENCE ledger_entries_id_seq OWNED BY ledger_entries.id;
    CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id, id);
    CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, available_at);

    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

    CREATE FUNCTION ledger_transaction_opened() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.xact := pg_current_xact_id(); -- the top-level transaction's, even inside a savepoint
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_transactions_opened BEFORE INSERT ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_transaction_opened();

    CREATE FUNCTION ledger_entry_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND xact = pg_current_xact_id()) THEN
        RAISE EXCEPTION 'ledger transaction % is closed: entries are written with their transaction, in the same database transaction', NEW.transaction_id
          USING ERRCODE = 'restrict_violation';
      END IF;
      NEW.id := nextval('ledger_entries_id_seq');
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_entries_written BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entry_written();

    -- Fires for every entry, at commit; the transaction's last entry (largest id: every entry of a
    -- transaction was written in this database transaction, in id order) sums them all, so each
    -- transaction is summed once rather than once per entry.
    CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      total numeric;
    BEGIN
      IF NEW.id <> (SELECT max(id) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) THEN
        RETURN NULL;
      END IF;
      SELECT sum(amount) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
      IF total <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', NEW.transaction_id, total USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

    -- One row per day paid into the ledger (src/plugins/revenue/service/daily.ts): the pool and what
    -- it was made of, the points it was split by.
    CREATE TABLE revenue_days (
      day date PRIMARY KEY,
      transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
      staff_income bigint NOT NULL,
      plus_net bigint NOT NULL,
      plus_share_percent integer NOT NULL,
      plus_income bigint NOT NULL,
      pool bigint NOT NULL,
      distributed bigint NOT NULL,
      total_weight bigint NOT NULL,
      download_weight integer NOT NULL,
      projects integer NOT NULL,
      available_at timestamptz NOT NULL,
      computed_at timestamptz NOT NULL DEFAULT now()
    );

    -- How each member's part of a day came about: the project's points and part of the pool, the
    -- member's payout share of the team's (equal_split when all shares were zero). Kept after a
    -- project or an account is deleted (no foreign keys): it is the record of what was paid.
    CREATE TABLE revenue_explanations (
      day date NOT NULL REFERENCES revenue_days (day),
      project_id varchar NOT NULL,
      user_id varchar NOT NULL,
      views bigint NOT NULL,
      downloads bigint NOT NULL,
      weight bigint NOT NULL,
      project_amount bigint NOT NULL,
      share bigint NOT NULL,
      shares_total bigint NOT NULL,
      equal_split boolean NOT NULL,
      amount bigint NOT NULL,
      PRIMARY KEY (day, project_id, user_id)
    );
    CREATE INDEX revenue_explanations_user_idx ON revenue_explanations (user_id, day);
    CREATE INDEX revenue_explanations_project_idx ON revenue_explanations (project_id, day);

    -- Payout rails' webhook events already applied: a replay finds its id and changes nothing.
    CREATE TABLE revenue_rail_events (
      rail text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      withdrawal_id varchar,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (rail, event_id)
    );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS revenue_rail_events;
    DROP TABLE IF EXISTS revenue_explanations;
    DROP TABLE IF EXISTS revenue_days;
    DROP TABLE IF EXISTS ledger_entries;
    DROP TABLE IF EXISTS ledger_transactions;
    DROP TABLE IF EXISTS ledger_accounts;
    DROP FUNCTION IF EXISTS ledger_transaction_balanced();
    DROP FUNCTION IF EXISTS ledger_entry_written();
    DROP FUNCTION IF EXISTS ledger_transaction_opened();
    DROP FUNCTION IF EXISTS ledger_append_only();
  `)
}
