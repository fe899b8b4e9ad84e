import { taskListSchema } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/request';
import { ToolApiError } from '../../api/tools.api';

/** GET /ai/getTaskList without a tool: the designer's latest runs across every tool. */
export const recentTasksQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['tasks', 'list', 'mobile-recent'] as const,
    queryFn: async () => {
      const envelope = await api.get('/ai/getTaskList', {
        query: { page: 1, pageSize: 30 },
        schema: taskListSchema,
        silent: true,
      });
      if (!envelope.success) throw new ToolApiError(envelope.message, envelope.code);
      return envelope.data;
    },
    enabled,
    staleTime: 0,
  });
