import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/beacon';
import { notify } from '../../../lib/notify';
import type { TaskOutput } from './download-plan';
import { prepareOutput, saveBlob, zipOutputs } from './render-download';

/** Single PNG and photo.zip downloads with a busy flag per action and one error message. */
export const useDownloads = (
  stem: string,
  keepFormat = false,
  /** For the per-tool funnel's last step (opened → started → result → download). */
  toolId?: string,
) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'one' | 'zip' | null>(null);
  const run = async (kind: 'one' | 'zip', work: () => Promise<{ name: string; blob: Blob }>) => {
    if (busy) return;
    setBusy(kind);
    try {
      const file = await work();
      saveBlob(file.blob, file.name);
      if (toolId) track('download', { tool: toolId });
    } catch {
      notify(t('results.download.failed'), 'error');
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    downloadOne: (output: TaskOutput, index: number) =>
      run('one', () => prepareOutput(output, index, stem, keepFormat)),
    downloadZip: (outputs: TaskOutput[]) => run('zip', () => zipOutputs(outputs, stem, keepFormat)),
  };
};
