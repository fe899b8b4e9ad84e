import {
  GALLERY_PROJECT_PUBLISH_MAX,
  GALLERY_TITLE_MAX,
  type GalleryPublishContext,
  type GalleryPublishProjectResult,
} from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createTasksRepository } from '../tasks/tasks.repository';
import { createCasesRepository } from './cases.repository';
import type { CasesService } from './cases.service';
import type { GalleryService } from './gallery.service';

/** How many of a project's newest finished works are looked at for its result pictures. */
const WORKS_LOOKED_AT = 100;

export type CaseProjectsService = ReturnType<typeof createCaseProjectsService>;

/**
 * Cases from works projects: the publish dialog offers a work's project as its case, and an
 * owner publishes a whole project as one case.
 */
export const createCaseProjectsService = (deps: {
  db: Kysely<Database>;
  gallery: Pick<GalleryService, 'publish'>;
  cases: Pick<CasesService, 'ownedProject' | 'ensureForProject'>;
}) => {
  const tasks = createTasksRepository(deps.db);
  const repo = createCasesRepository(deps.db);

  return {
    /** The works project of the caller's work, for 所属项目 in the publish dialog. */
    async context(userId: string, taskId: string): Promise<GalleryPublishContext> {
      const row = await repo.workWithProject(userId, taskId);
      if (!row) throw new AppError('TASK_NOT_FOUND');
      return {
        project:
          row.project_id && row.project_name
            ? { id: row.project_id, name: row.project_name }
            : null,
      };
    },

    /**
     * Every image result of the project's finished works (newest first, at most
     * GALLERY_PROJECT_PUBLISH_MAX) published into the project's case, titled by the project.
     * Pictures published before join the case when they are in none; publishing again is safe.
     */
    async publishProject(
      userId: string,
      body: { projectId: string; tags: string[]; classifyIds?: string[] },
    ): Promise<GalleryPublishProjectResult> {
      const project = await deps.cases.ownedProject(userId, body.projectId);
      const works = await repo.finishedWorkIds(userId, project.id, WORKS_LOOKED_AT);
      const outputs: { taskId: string; index: number }[] = [];
      for (const workId of works) {
        const task = await tasks.findOwnedTask(userId, workId);
        task?.outputs.forEach((o, index) => {
          if (o.kind === 'image') outputs.push({ taskId: workId, index });
        });
      }
      if (outputs.length === 0) throw new AppError('GALLERY_PROJECT_EMPTY');
      const chosen = outputs.slice(0, GALLERY_PROJECT_PUBLISH_MAX);
      const caseId = await deps.cases.ensureForProject(userId, project.id);
      let pendingReview = 0;
      for (const [i, o] of chosen.entries()) {
        const suffix = chosen.length > 1 ? ` ${chosen.length - i}` : '';
        const r = await deps.gallery.publish(userId, {
          ...o,
          title: `${project.name.slice(0, GALLERY_TITLE_MAX - suffix.length)}${suffix}`,
          tags: body.tags,
          classifyIds: body.classifyIds,
          includeBefore: false,
          projectId: project.id,
        });
        if (r.status === 'pending_review') pendingReview++;
      }
      return {
        caseId,
        published: chosen.length,
        pendingReview,
        leftOut: outputs.length - chosen.length,
      };
    },
  };
};
