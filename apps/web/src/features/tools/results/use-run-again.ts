import { loadToolPart, runPrice, type ToolDefinition } from '@huijing/tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';
import { notify } from '../../../lib/notify';
import { isMissing, taskDetailQuery } from '../done/done.api';
import { blockerText, startBlocker } from '../model/start-blocker';
import { paramsError, paramValues } from '../model/tool-params';
import type { InputImage } from '../store/family-stores';
import { loadTaskIntoStore, taskSetup } from '../store/load-task';

/** What a re-run starts: the earlier run's settings and images, as the form keeps them. */
export interface AgainRun {
  params: Record<string, unknown>;
  images: Record<string, InputImage[]>;
}

/**
 * "再来一次" / "重试" of the desktop tool page and the phone's done page: the shown run again with
 * ITS images and settings, not the form's (a history item may come from another upload and other
 * settings). They are put into the form first, so what runs is what the form shows and the next
 * tweak starts from it; the run is checked at its own price (docs/product-decisions.md,
 * "再来一次"). When its image is gone, or it cannot start now, the designer is told why, nothing
 * starts, and `onHeld` runs (the phone opens the form there).
 */
export const useRunAgain = (o: {
  tool: ToolDefinition;
  signedIn: boolean;
  availability?: { available: boolean; reason?: string };
  /** The tool's price per image now (/api/ai/tools). */
  unitPrice: number;
  balance: number | null;
  busy: boolean;
  start: (run: AgainRun) => void;
  onHeld?: () => void;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const client = useQueryClient();
  const { tool } = o;
  return useMutation({
    mutationFn: async (taskId: string) => {
      // The form's defaults and checks: the tool's part, if a done page has not brought it yet.
      await loadToolPart(tool.id);
      return client.fetchQuery(taskDetailQuery(taskId, true));
    },
    onSuccess: (detail, taskId) => {
      const setup = taskSetup(tool, detail);
      if (setup.missing.length > 0) {
        // The settings are filled in; the stage goes back to the form for the new upload.
        loadTaskIntoStore(tool, setup);
        const names = setup.missing.map((i) => pick(i.label)).join('、');
        notify(t('results.again.missing', { inputs: names }), 'warning');
        o.onHeld?.();
        return;
      }
      loadTaskIntoStore(tool, setup, taskId);
      const params = paramValues(tool, setup.params);
      const blocker = startBlocker({
        tool,
        signedIn: o.signedIn,
        availability: o.availability,
        inputs: setup.inputs,
        paramsError: paramsError(tool, params),
        price: runPrice(o.unitPrice, params.count),
        balance: o.balance,
        busy: o.busy,
        pickLabel: (input) => pick(input.label),
      });
      if (blocker) {
        const why = blockerText(blocker, t);
        if (why) notify(why, 'warning');
        o.onHeld?.();
        return;
      }
      o.start({ params, images: setup.inputs });
    },
    onError: (error) =>
      notify(t(isMissing(error) ? 'results.again.gone' : 'results.again.loadFailed'), 'error'),
  });
};

/**
 * What repeating a finished run costs: the tool's price per image times that run's own image
 * count, once its detail (the query the result view shares) is loaded.
 */
export const useAgainPrice = (
  taskId: string | undefined,
  enabled: boolean,
  unitPrice: number,
): number | undefined => {
  const detail = useQuery(taskDetailQuery(taskId ?? '', enabled));
  return detail.data ? runPrice(unitPrice, detail.data.params.count) : undefined;
};
