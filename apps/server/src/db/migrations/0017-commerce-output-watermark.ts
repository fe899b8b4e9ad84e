import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Commerce: "no watermark on gpt/video downloads" is a VIP perk the server enforces.
// `files.watermark` = 1 on an output of a gpt-ticket (3) or video-ticket (4) run made while its
// owner was not a member: it is served watermarked until the owner is a member. Outputs of such
// runs made before this migration are marked too (their clean bytes were handed out to anyone
// with the link; the browser drew the mark only at download).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('watermark', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const { rows: tasks } = await sql<{ outputs: string }>`
    select outputs from tasks where ticket_type in (3, 4) and outputs <> '[]'`.execute(db);
  const ids = tasks.flatMap((t) => {
    try {
      return (JSON.parse(t.outputs) as { fileId?: string }[]).flatMap((o) =>
        typeof o.fileId === 'string' ? [o.fileId] : [],
      );
    } catch {
      return [];
    }
  });
  for (let i = 0; i < ids.length; i += 500) {
    const batch = sql.join(ids.slice(i, i + 500));
    await sql`update files set watermark = 1 where kind = 'output' and id in (${batch})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('watermark').execute();
}
