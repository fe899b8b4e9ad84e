import type { ToolDefinition } from '@huijing/tools';

export type StartBlocker =
  | { kind: 'login' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'input'; label: string }
  | { kind: 'param'; message: string }
  | { kind: 'tickets'; price: number; balance: number }
  | { kind: 'busy' };

/**
 * Why the start button cannot be pressed now, first reason first; null when it can. Pure, so the
 * order (sign-in before engine before inputs before tickets) is tested once here.
 */
export const startBlocker = (o: {
  tool: Pick<ToolDefinition, 'inputs'>;
  signedIn: boolean;
  availability?: { available: boolean; reason?: string };
  inputs: Record<string, readonly unknown[] | undefined>;
  paramsError?: string;
  price: number;
  balance: number | null;
  busy?: boolean;
  pickLabel: (input: ToolDefinition['inputs'][number]) => string;
}): StartBlocker | null => {
  if (!o.signedIn) return { kind: 'login' };
  if (o.availability && !o.availability.available) {
    return { kind: 'unavailable', reason: o.availability.reason ?? '' };
  }
  for (const input of o.tool.inputs) {
    const have = o.inputs[input.name]?.length ?? 0;
    const need = input.multiple?.min ?? 1;
    if (input.required && have < need) return { kind: 'input', label: o.pickLabel(input) };
  }
  if (o.paramsError) return { kind: 'param', message: o.paramsError };
  if (o.price > 0 && o.balance !== null && o.balance < o.price) {
    return { kind: 'tickets', price: o.price, balance: o.balance };
  }
  if (o.busy) return { kind: 'busy' };
  return null;
};
