// Hand-written (not generated): the search hit fields Modrinth describes that the index lacked
// (`author_id`, `organization`, `organization_id`, `disclosure_types`), and `latest_version` holding
// the newest listed version's id instead of its number. Rows already indexed are filled in here, as
// `npm run search:reindex` would (src/plugins/search/documents.ts), and in-memory indexes reload.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE search_projects
      ADD COLUMN IF NOT EXISTS author_id varchar,
      ADD COLUMN IF NOT EXISTS organization varchar,
      ADD COLUMN IF NOT EXISTS organization_id varchar,
      ADD COLUMN IF NOT EXISTS disclosure_types text[] NOT NULL DEFAULT '{}';
    UPDATE search_projects sp SET
      latest_version = (
        SELECT v.id FROM versions v WHERE v.project_id = sp.project_id AND v.status IN ('listed', 'archived')
        ORDER BY v.date_published DESC LIMIT 1),
      organization = o.name,
      organization_id = o.id,
      author_id = (
        SELECT tm.user_id FROM team_members tm
        WHERE tm.team_id = COALESCE(o.team_id, p.team_id) AND tm.is_owner LIMIT 1),
      disclosure_types = CASE WHEN p.status = 'archived' THEN ARRAY['archived'] ELSE '{}'::text[] END
    FROM projects p LEFT JOIN organizations o ON o.id = p.organization_id
    WHERE p.id = sp.project_id;
    INSERT INTO search_changes (project_id) VALUES ('*');
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    UPDATE search_projects sp SET latest_version = v.version_number FROM versions v WHERE v.id = sp.latest_version;
    ALTER TABLE search_projects
      DROP COLUMN IF EXISTS author_id,
      DROP COLUMN IF EXISTS organization,
      DROP COLUMN IF EXISTS organization_id,
      DROP COLUMN IF EXISTS disclosure_types;
    INSERT INTO search_changes (project_id) VALUES ('*');
  `)
}
