import type { TaskInfo, TaskList } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sessionKeys, type TicketType } from '../../../lib/session';
import { taskQuery, toolKeys } from '../api/tools.api';
import { STREAM_SAFETY_POLL_MS, useTaskStream } from '../../../components/use-task-stream';
import { isTerminal, pollDelay, pollSignature } from '../model/poll-delay';

/**
 * Watches one task: the user's task event stream pushes each change while it is open, and the
 * spec's poll stays as the fallback — with backoff (never under 500 ms) when there is no stream,
 * every 15 s as a safety check while there is, and at once when the stream drops. TanStack Query
 * does not run an interval while the tab is hidden and refetches on focus/visibility, which is
 * the pause and the resume. When the task ends the balance and the history are refreshed.
 */
export const useTaskPoll = (taskId: string | undefined, ticketType: TicketType, toolId: string) => {
  const client = useQueryClient();
  const streak = useRef({ signature: '', unchanged: 0, polledAt: 0 });
  const [streamOpen, setStreamOpen] = useState(false);
  const streamWasOpen = useRef(false);
  const query = useQuery({
    ...taskQuery(taskId ?? ''),
    enabled: Boolean(taskId),
    refetchOnWindowFocus: (q) =>
      q.state.data && isTerminal(q.state.data.status) ? false : 'always',
    refetchInterval: (q) => {
      const task = q.state.data;
      if (!task) return pollDelay(0);
      if (isTerminal(task.status)) return false;
      if (streamOpen) return STREAM_SAFETY_POLL_MS;
      // TanStack also asks on every render (new options); only a new answer counts as a poll,
      // or a busy page would back off as if the task had stood still.
      const s = streak.current;
      if (q.state.dataUpdatedAt !== s.polledAt) {
        const signature = pollSignature(task);
        s.unchanged = signature === s.signature ? s.unchanged + 1 : 0;
        s.signature = signature;
        s.polledAt = q.state.dataUpdatedAt;
      }
      return pollDelay(s.unchanged, task.queueNum);
    },
  });
  const task: TaskInfo | undefined = query.data;
  const ended = task ? isTerminal(task.status) : false;
  const key = taskQuery(taskId ?? '').queryKey;
  const { refetch } = query;
  useTaskStream(taskId && !ended ? taskId : undefined, {
    // A pushed change is the poll's answer; an ended task is never taken back to running.
    onTask: (info) =>
      client.setQueryData<TaskInfo>(key, (old) =>
        old && isTerminal(old.status) && !isTerminal(info.status) ? old : info,
      ),
    onGone: () => void refetch(),
    onOpen: (open) => {
      // Dropped: what happened meanwhile is asked for at once.
      if (streamWasOpen.current && !open && !ended) void refetch();
      streamWasOpen.current = open;
      setStreamOpen(open);
    },
  });
  // The history strip shows this task too: give it each polled answer instead of refetching the
  // list, so its badge moves from 排队中 to 生成中 without extra requests.
  useEffect(() => {
    if (!task) return;
    client.setQueryData<TaskList>(toolKeys.history(toolId), (list) =>
      list && list.list.some((t) => t.taskId === task.taskId && t.status !== task.status)
        ? { ...list, list: list.list.map((t) => (t.taskId === task.taskId ? task : t)) }
        : list,
    );
  }, [task, client, toolId]);
  useEffect(() => {
    if (!ended) return;
    void client.invalidateQueries({ queryKey: sessionKeys.tickets(ticketType) });
    void client.invalidateQueries({ queryKey: toolKeys.history(toolId) });
  }, [ended, client, ticketType, toolId]);
  return query;
};
