import type { GalleryCase, GalleryCasePage } from '@huijing/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { avatarUrl } from '../users/users.service';
import { createCasesRepository, type CaseFilter, type CaseRow } from './cases.repository';
import { maskPhones } from './gallery.service';

export type CasesService = ReturnType<typeof createCasesService>;

/**
 * Cases: an author's design project, named at publish; its published pictures are shown
 * together.
 */
export const createCasesService = (deps: { db: Kysely<Database>; now: Clock }) => {
  const repo = createCasesRepository(deps.db);

  const toDtos = async (rows: CaseRow[]): Promise<GalleryCase[]> => {
    const covers = await repo.covers(rows.flatMap((r) => (r.cover_id ? [r.cover_id] : [])));
    const byId = new Map(covers.map((c) => [c.id, c]));
    return rows.map((r) => {
      const cover = r.cover_id ? byId.get(r.cover_id) : undefined;
      return {
        id: r.id,
        name: maskPhones(r.name),
        author: {
          id: r.user_id,
          nickname: maskPhones(r.nickname),
          avatar: avatarUrl(r.avatar_file),
        },
        count: Number(r.n),
        cover: cover
          ? {
              thumbUrl: `/api/files/${cover.file_id}/thumb?w=640`,
              width: cover.width,
              height: cover.height,
              placeholder: cover.placeholder,
            }
          : null,
        updatedAt: r.updated_at,
      };
    });
  };

  return {
    /** The author's case of this name (made on first use), touched so it lists first. */
    async ensure(trx: Transaction<Database> | Kysely<Database>, userId: string, name: string) {
      const at = deps.now().toISOString();
      return createCasesRepository(trx).ensureNamed({ newId: newId(), userId, name, at });
    },

    /** The caller's works project, or PROJECT_NOT_FOUND. */
    async ownedProject(userId: string, projectId: string) {
      const project = await repo.findOwnedProject(userId, projectId);
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      return project;
    },

    /**
     * The case of a works project: the one linked to it; else the author's unlinked case of the
     * project's name, linked now; else a new one. It takes the project's current name when free
     * (a renamed project renames its case); another project's case of that name is a 409.
     */
    async ensureForProject(userId: string, projectId: string): Promise<string> {
      const project = await this.ownedProject(userId, projectId);
      const at = deps.now().toISOString();
      const byName = await repo.findByName(userId, project.name);
      const linked = await repo.findLinked(project.id);
      if (linked) {
        const nameFree = !byName || byName.id === linked.id;
        await repo.touch(linked.id, at, nameFree ? project.name : undefined);
        return linked.id;
      }
      if (byName && byName.project_id !== null) throw new AppError('GALLERY_CASE_NAME_TAKEN');
      if (byName) {
        // Two publishes racing here both link the same row: the same project id either way.
        await repo.link(byName.id, project.id, at);
        return byName.id;
      }
      await repo.insertLinked({
        id: newId(),
        userId,
        name: project.name,
        projectId: project.id,
        at,
      });
      // A concurrent first publish of the same project may have inserted it: read the one row.
      const row = await repo.findLinked(project.id);
      if (!row) throw new AppError('CONFLICT');
      return row.id;
    },

    /** Newest-touched first; `mine` needs a signed-in caller. */
    async page(
      query: {
        current: number;
        pageSize: number;
        classifyId?: string;
        authorId?: string;
        scope: 'all' | 'mine';
      },
      viewerId: string | undefined,
    ): Promise<GalleryCasePage> {
      if (query.scope === 'mine' && !viewerId) throw new AppError('UNAUTHORIZED');
      const f: CaseFilter = {
        classifyId: query.classifyId,
        authorId: query.authorId,
        mine: query.scope === 'mine' ? viewerId : undefined,
      };
      const offset = (query.current - 1) * query.pageSize;
      const { rows, total } = await repo.page(f, query.pageSize, offset);
      return { list: await toDtos(rows), total };
    },

    /** One case: anyone while it shows a published picture, its author always. */
    async get(id: string, viewerId: string | undefined): Promise<GalleryCase> {
      const row = await repo.find(id);
      if (!row || (Number(row.n) === 0 && row.user_id !== viewerId)) {
        throw new AppError('GALLERY_CASE_NOT_FOUND');
      }
      const [dto] = await toDtos([row]);
      return dto!;
    },
  };
};
