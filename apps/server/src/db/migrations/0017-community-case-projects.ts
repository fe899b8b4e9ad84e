import type { Kysely } from 'kysely';

// Cases linked to works projects (work_projects). A case
// published from a works project remembers it (gallery_cases.project_id, at most one case per
// project), so its pictures stay one case when the project is renamed; cases named by hand have
// none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gallery_cases').addColumn('project_id', 'text').execute();
  await db.schema
    .createIndex('gallery_cases_project_uq')
    .on('gallery_cases')
    .column('project_id')
    .unique()
    .where('project_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('gallery_cases_project_uq').execute();
  await db.schema.alterTable('gallery_cases').dropColumn('project_id').execute();
}
