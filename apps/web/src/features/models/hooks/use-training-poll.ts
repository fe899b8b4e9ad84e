import { modelItemSchema, type ModelDetail, type modelPageSchema } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useTopicStream } from '../../../components/use-task-stream';
import { modelDetailQuery, modelPageQuery, modelsKeys } from '../api/models.api';

type ModelPage = z.infer<typeof modelPageSchema>;

/**
 * The training pages' link to the task event stream: while `watching`, its `training` events
 * (exactly what GET /model/train/:id answers) go to `onEvent`, and `setOpen` hears whether the
 * stream is open (the page then polls only as a safety check). When an open stream drops while
 * still watching, `onDrop` asks at once for what happened meanwhile.
 */
const useTrainingEvents = (params: {
  id: string | undefined;
  watching: boolean;
  onEvent: (m: ModelDetail) => void;
  onDrop: () => void;
  setOpen: (open: boolean) => void;
}) => {
  const wasOpen = useRef(false);
  const stillWatching = useRef(params.watching);
  useLayoutEffect(() => {
    stillWatching.current = params.watching;
  });
  useTopicStream<ModelDetail>('training', params.id, params.watching, {
    onEvent: params.onEvent,
    onOpen: (open) => {
      if (wasOpen.current && !open && stillWatching.current) params.onDrop();
      wasOpen.current = open;
      params.setOpen(open);
    },
  });
};

/**
 * /modelTraining's list: pushed (a training's steps, a reviewer's decision, a training started in
 * another tab), polled while a model trains as before when there is no stream.
 */
export const useModelPage = (enabled: boolean) => {
  const client = useQueryClient();
  const [streamOpen, setStreamOpen] = useState(false);
  const query = useQuery(modelPageQuery(enabled, streamOpen));
  const { refetch } = query;
  useTrainingEvents({
    id: undefined,
    watching: enabled,
    onEvent: (m) => {
      const item = modelItemSchema.safeParse(m);
      const page = client.getQueryData<ModelPage>(modelsKeys.page);
      // A training started elsewhere (another tab): the list is asked again.
      if (!item.success || !page?.list.some((x) => x.id === m.id)) return void refetch();
      client.setQueryData<ModelPage>(modelsKeys.page, {
        ...page,
        list: page.list.map((x) => (x.id === m.id ? item.data : x)),
      });
    },
    onDrop: () => void refetch(),
    setOpen: setStreamOpen,
  });
  return query;
};

/**
 * One model's detail: pushed (its training, a reviewer's decision), polled while it trains as
 * before when there is no stream.
 */
export const useModelDetail = (id: string) => {
  const client = useQueryClient();
  const [streamOpen, setStreamOpen] = useState(false);
  const query = useQuery(modelDetailQuery(id, streamOpen));
  const { refetch } = query;
  useTrainingEvents({
    id,
    watching: true,
    onEvent: (m) => client.setQueryData<ModelDetail>(modelsKeys.detail(id), m),
    onDrop: () => void refetch(),
    setOpen: setStreamOpen,
  });
  return query;
};
