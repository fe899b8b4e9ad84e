import type { TaskInfo } from '@huijing/contracts';
import type { TicketType } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import { downloadStem } from '../../results/download-plan';
import { prepareOutput, saveBlob } from '../../results/render-download';
import { isShareCancel, saveMethod, shareMethod, type ShareNavigator } from '../model/save-share';

/**
 * Save and share for one output, with the desktop's download rules (PNG; the spec §9 watermark
 * of ticket types 3 and 4 is in the bytes the server serves a non-member). The file is prepared as soon as the result shows: iOS opens the share
 * sheet only close to the tap, so the bytes must already be here.
 */
export const useSaveShare = (task: TaskInfo, index: number, ticketType: TicketType) => {
  const { t } = useTranslation();
  const nav = navigator as ShareNavigator;
  const output = task.outputs[index];
  const ready = useQuery({
    queryKey: ['mobile', 'output-file', output?.url, ticketType],
    enabled: output !== undefined,
    staleTime: Infinity,
    retry: 1,
    queryFn: async () => {
      const file = await prepareOutput(output!, index, downloadStem(task.toolId, task.taskId));
      return new File([file.blob], file.name, { type: file.blob.type });
    },
  });
  const [busy, setBusy] = useState(false);
  // A tap before the file arrived waits for it.
  const fileNow = async () => ready.data ?? (await ready.refetch({ throwOnError: true })).data!;

  const guard = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!isShareCancel(error)) notify(failure, 'warning');
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    guard(async () => {
      const file = await fileNow();
      if (saveMethod(nav, file) === 'share-file') return nav.share!({ files: [file] });
      saveBlob(file, file.name);
      notify(t('mobile.done.saved'), 'success');
    }, t('mobile.done.saveFailed'));

  const share = () =>
    guard(async () => {
      if (!output) return;
      // The signed link opens without a session (valid for at least an hour).
      const link = new URL(output.url, window.location.href).href;
      const title = t('mobile.done.shareTitle');
      const file = ready.data;
      switch (shareMethod(nav, file)) {
        case 'share-file':
          return nav.share!({ files: [file!], title });
        case 'share-link':
          return nav.share!({ title, text: title, url: link });
        case 'copy-link':
          await nav.clipboard!.writeText(link);
          notify(t('mobile.done.copied'), 'success');
          return;
        case 'none':
          notify(t('mobile.done.copyFailed'), 'warning');
      }
    }, t('mobile.done.copyFailed'));

  return { save, share, busy };
};
