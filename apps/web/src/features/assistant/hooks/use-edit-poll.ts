import type { EditInfo, TaskInfo } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTaskStream } from '../../../components/use-task-stream';
import { assistantKeys, editInfoQuery, isEditActive } from '../api/assistant.api';

const ended = (status: EditInfo['status']) => !isEditActive(status);

/**
 * One edit, live: an edit is a task, so the user's task event stream carries its changes; they
 * are merged into what getEditImageInfo answered (the fields it takes from the task). While the
 * stream is open the poll only checks every 15 s; when it is refused the poll keeps its pace,
 * and when it drops the poll asks at once.
 */
export const useEditPoll = (taskId: string) => {
  const client = useQueryClient();
  const [streamOpen, setStreamOpen] = useState(false);
  const wasOpen = useRef(false);
  const query = useQuery(editInfoQuery(taskId, streamOpen));
  const active = isEditActive(query.data?.status);
  const { refetch } = query;
  useTaskStream(active ? taskId : undefined, {
    onTask: (task: TaskInfo) =>
      client.setQueryData<EditInfo>(assistantKeys.edit(taskId), (old) =>
        // Nothing to merge into yet (the first answer is on its way); an ended edit stays ended.
        !old || (ended(old.status) && !ended(task.status))
          ? old
          : {
              ...old,
              status: task.status,
              queueNum: task.queueNum,
              progress: task.progress,
              outputs: task.outputs,
              error: task.error,
              finishedAt: task.finishedAt,
            },
      ),
    onGone: () => void refetch(),
    onOpen: (open) => {
      if (wasOpen.current && !open && active) void refetch();
      wasOpen.current = open;
      setStreamOpen(open);
    },
  });
  return query;
};
