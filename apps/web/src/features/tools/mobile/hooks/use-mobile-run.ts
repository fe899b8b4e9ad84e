import { runPrice, type ToolDefinition } from '@huijing/tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocalized } from '../../../../components/use-localized';
import { useCurrentUser } from '../../../../components/use-session';
import { sessionKeys, ticketBalanceQuery } from '../../../../lib/session';
import { startTask, toolAvailabilityQuery, toolKeys } from '../../api/tools.api';
import { startBlocker, type StartBlocker } from '../../model/start-blocker';
import { paramsError, paramValues } from '../../model/tool-params';
import { emptyToolState, familyStore } from '../../store/family-stores';
import { mobileInputs, needsDesktop, startInputs } from '../model/mobile-flow';

export type MobileBlocker = StartBlocker | { kind: 'desktop' };

/** One key per press: a double tap or a network retry of the same press is one task. */
const pressKey = () =>
  crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Everything a phone needs to start one tool: the family store the desktop page also uses (so a
 * picture uploaded on one is there on the other), price and balance, why it cannot start, and
 * the start itself. `onStarted` gets the new task id.
 */
export const useMobileRun = (tool: ToolDefinition, onStarted: (taskId: string) => void) => {
  const client = useQueryClient();
  const pick = useLocalized();
  const { signedIn, loading: userLoading } = useCurrentUser();
  const store = familyStore(tool.family);
  const state = store((s) => s.tools[tool.id]) ?? emptyToolState;
  const values = useMemo(() => paramValues(tool, state.params), [tool, state.params]);
  const inputs = useMemo(() => mobileInputs(tool), [tool]);

  const availability = useQuery(toolAvailabilityQuery());
  const mine = availability.data?.find((a) => a.id === tool.id);
  const price = runPrice(mine?.price ?? tool.price, values.count);
  const balance = useQuery(ticketBalanceQuery(tool.ticketType, signedIn));

  const start = useMutation({
    mutationFn: () =>
      startTask(
        { toolId: tool.id, params: values, inputs: startInputs(inputs, state.inputs) },
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

  const blocker: MobileBlocker | null = needsDesktop(tool)
    ? { kind: 'desktop' }
    : startBlocker({
        tool: { inputs },
        signedIn,
        availability: mine,
        inputs: state.inputs,
        paramsError: paramsError(tool, values),
        price,
        balance: balance.data ?? null,
        busy: start.isPending,
        pickLabel: (input) => pick(input.label),
      });

  return {
    state,
    store,
    values,
    inputs,
    price,
    balance: signedIn ? (balance.data ?? null) : null,
    availability: mine,
    availabilityLoading: availability.isPending,
    signedIn,
    userLoading,
    blocker,
    start,
  };
};
