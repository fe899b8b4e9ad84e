import type { TaskInfo } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionKeys, type TicketType } from '../../../lib/session';
import { taskQuery, toolKeys } from '../api/tools.api';
import { isTerminal, pollDelay, pollSignature } from '../model/poll-delay';

/**
 * Watches one task: polls with backoff (never under 500 ms). TanStack Query does not run an
 * interval while the tab is hidden and refetches on focus/visibility, which is the pause and the
 * resume. When the task ends the balance and the history are refreshed.
 */
export const useTaskPoll = (taskId: string | undefined, ticketType: TicketType, toolId: string) => {
  const client = useQueryClient();
  const streak = useRef({ signature: '', unchanged: 0 });
  const query = useQuery({
    ...taskQuery(taskId ?? ''),
    enabled: Boolean(taskId),
    refetchOnWindowFocus: (q) =>
      q.state.data && isTerminal(q.state.data.status) ? false : 'always',
    refetchInterval: (q) => {
      const task = q.state.data;
      if (!task) return pollDelay(0);
      if (isTerminal(task.status)) return false;
      const signature = pollSignature(task);
      const s = streak.current;
      if (signature === s.signature) s.unchanged += 1;
      else streak.current = { signature, unchanged: 0 };
      return pollDelay(streak.current.unchanged, task.queueNum);
    },
  });
  const task: TaskInfo | undefined = query.data;
  const ended = task ? isTerminal(task.status) : false;
  useEffect(() => {
    if (!ended) return;
    void client.invalidateQueries({ queryKey: sessionKeys.tickets(ticketType) });
    void client.invalidateQueries({ queryKey: toolKeys.history(toolId) });
  }, [ended, client, ticketType, toolId]);
  return query;
};
