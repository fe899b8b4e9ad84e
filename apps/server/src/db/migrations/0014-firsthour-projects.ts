import type { Kysely } from 'kysely';

// Works as projects. A designer's folders for a client's works; a
// task belongs to at most one (tasks.project_id, null: in none). Deleting a project leaves its
// works in none; names are unique per user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('work_projects_user_name_uq', ['user_id', 'name'])
    .execute();
  await db.schema.alterTable('tasks').addColumn('project_id', 'text').execute();
  await db.schema
    .createIndex('tasks_user_project_idx')
    .on('tasks')
    .columns(['user_id', 'project_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_user_project_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('project_id').execute();
  await db.schema.dropTable('work_projects').execute();
}
