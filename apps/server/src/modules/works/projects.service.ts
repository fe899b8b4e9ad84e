import { PROJECTS_MAX, type Project } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createProjectsRepository } from './projects.repository';

export type ProjectsService = ReturnType<typeof createProjectsService>;

/** Works as projects: folders for a client's works, move and filter by them. */
export const createProjectsService = (deps: { db: Kysely<Database>; now: Clock }) => {
  const repo = createProjectsRepository(deps.db);

  const ownedOr404 = async (userId: string, id: string) => {
    if (!(await repo.ownedExists(userId, id))) throw new AppError('PROJECT_NOT_FOUND');
  };
  const nameFree = async (userId: string, name: string, except?: string) => {
    const same = await repo.findByName(userId, name);
    if (same && same.id !== except) throw new AppError('PROJECT_NAME_TAKEN');
  };

  return {
    async list(userId: string): Promise<{ list: Project[]; unfiled: number }> {
      const [list, unfiled] = await Promise.all([
        repo.listOwned(userId),
        repo.countUnfiled(userId),
      ]);
      return { list, unfiled };
    },

    async create(userId: string, name: string): Promise<Project> {
      if ((await repo.countOwned(userId)) >= PROJECTS_MAX) throw new AppError('PROJECT_LIMIT');
      await nameFree(userId, name);
      const project = { id: newId(), name, count: 0, createdAt: deps.now().toISOString() };
      try {
        await repo.insert({ id: project.id, userId, name, at: project.createdAt });
      } catch (error) {
        // Two creates of one name at once: the unique index lets one through.
        if (await repo.findByName(userId, name)) throw new AppError('PROJECT_NAME_TAKEN');
        throw error;
      }
      return project;
    },

    async rename(userId: string, id: string, name: string): Promise<void> {
      await ownedOr404(userId, id);
      await nameFree(userId, name, id);
      await repo.rename(userId, id, name);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new AppError('PROJECT_NOT_FOUND');
    },

    async move(userId: string, taskIds: string[], projectId: string | null): Promise<number> {
      if (projectId !== null) await ownedOr404(userId, projectId);
      return repo.move(userId, [...new Set(taskIds)], projectId);
    },
  };
};
