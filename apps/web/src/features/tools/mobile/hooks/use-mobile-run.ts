import { runPrice, type ToolDefinition } from '@huijing/tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../../components/use-localized';
import { useCurrentUser } from '../../../../components/use-session';
import { notify } from '../../../../lib/notify';
import { sessionKeys, ticketBalanceQuery } from '../../../../lib/session';
import { startTask, toolAvailabilityQuery, toolKeys, ToolApiError } from '../../api/tools.api';
import { loadMaskLib, useMaskDraft, withMaskInput } from '../../editor';
import { startBlocker, type StartBlocker } from '../../model/start-blocker';
import { paramsError, paramValues } from '../../model/tool-params';
import { useToolPart } from '../../model/use-tool-part';
import { overrideFor } from '../../overrides';
import type { AgainRun } from '../../results/use-run-again';
import { emptyToolState, familyStore } from '../../store/family-stores';
import { paintsMask, startInputs, uploadInputs } from '../model/mobile-flow';

/** One key per press: a double tap or a network retry of the same press is one task. */
const pressKey = () =>
  crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Everything a phone needs to start one tool: the family store the desktop page also uses (so a
 * picture uploaded or a region painted on one is there on the other), the mask draft of the
 * shared editor, price and balance, why it cannot start, and the start itself (`go`: unsaved
 * strokes are uploaded first, as on the desktop). `onStarted` gets the new task id.
 */
export const useMobileRun = (tool: ToolDefinition, onStarted: (taskId: string) => void) => {
  // The mask's code, for a tool that paints one, comes beside the tool's part (useMaskDraft waits).
  if (paintsMask(tool)) void loadMaskLib().catch(() => undefined);
  useToolPart(tool.id);
  const { t } = useTranslation();
  const client = useQueryClient();
  const pick = useLocalized();
  const { signedIn, loading: userLoading } = useCurrentUser();
  const store = familyStore(tool.family);
  const state = store((s) => s.tools[tool.id]) ?? emptyToolState;
  const values = useMemo(() => paramValues(tool, state.params), [tool, state.params]);
  const inputs = useMemo(() => uploadInputs(tool), [tool]);
  const hasMask = paintsMask(tool);
  const mask = useMaskDraft({
    enabled: hasMask,
    toolId: tool.id,
    image: state.inputs['upload_img']?.[0],
    saved: state.inputs['mask']?.[0],
    onSaved: (img) => store.getState().setInput(tool.id, 'mask', img ? [img] : []),
  });

  const availability = useQuery(toolAvailabilityQuery());
  const mine = availability.data?.find((a) => a.id === tool.id);
  // The price per image (admins may change it); a run costs it per image.
  const unitPrice = mine?.price ?? tool.price;
  const price = runPrice(unitPrice, values.count);
  const balance = useQuery(ticketBalanceQuery(tool.ticketType, signedIn));

  // A run of the form, or of an earlier task's setup ("再来一次"): both go through here.
  const start = useMutation({
    // maskId: the mask mask.flush() just saved (the store's copy may be a render behind).
    mutationFn: (run: AgainRun & { maskId?: string | null }) =>
      startTask(
        {
          toolId: tool.id,
          params: run.params,
          inputs: withMaskInput(startInputs(tool.inputs, run.images), run.maskId),
        },
        pressKey(),
      ),
    onSuccess: (result) => {
      store.getState().setTask(tool.id, result.taskId);
      onStarted(result.taskId);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: sessionKeys.tickets(tool.ticketType) });
      void client.invalidateQueries({ queryKey: toolKeys.history(tool.id) });
    },
  });

  const blocker: StartBlocker | null = startBlocker({
    tool,
    signedIn,
    availability: mine,
    // The mask counts once painted, saved or not: starting saves it first.
    inputs: hasMask ? { ...state.inputs, mask: mask.hasMask ? [mask] : [] } : state.inputs,
    paramsError:
      paramsError(tool, values) ??
      overrideFor(tool.id).blocker?.({ values, inputs: state.inputs }, t),
    price,
    balance: balance.data ?? null,
    busy: start.isPending || mask.state === 'saving',
    pickLabel: (input) => pick(input.label),
  });

  const go = () => {
    const form = { params: values, images: state.inputs };
    if (!hasMask) return start.mutate(form);
    mask.flush().then(
      (maskId) => start.mutate({ ...form, maskId }),
      (error: unknown) => {
        // Server and network failures were shown by the request layer.
        if (!(error instanceof ToolApiError) && (error as Error).name !== 'RequestError') {
          notify(t('editor.status.failed'), 'error');
        }
      },
    );
  };

  return {
    state,
    store,
    values,
    inputs,
    mask: hasMask ? mask : undefined,
    unitPrice,
    price,
    balance: signedIn ? (balance.data ?? null) : null,
    availability: mine,
    availabilityLoading: availability.isPending,
    signedIn,
    userLoading,
    blocker,
    start,
    go,
  };
};
