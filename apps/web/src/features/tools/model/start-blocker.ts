import type { ToolDefinition } from '@huijing/tools';
import type { TFunction } from 'i18next';

export type StartBlocker =
  | { kind: 'unavailable'; reason: string }
  | { kind: 'login' }
  | { kind: 'input'; label: string; name?: string }
  | { kind: 'param'; message: string }
  | { kind: 'tickets'; price: number; balance: number }
  | { kind: 'busy' };

/**
 * Why the start button cannot be pressed now, first reason first; null when it can. Pure, so the
 * order (engine before sign-in before inputs before tickets) is tested once here: a tool that
 * cannot run never asks a visitor to sign in for it.
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
  if (o.availability && !o.availability.available) {
    return { kind: 'unavailable', reason: o.availability.reason ?? '' };
  }
  if (!o.signedIn) return { kind: 'login' };
  for (const input of o.tool.inputs) {
    const have = o.inputs[input.name]?.length ?? 0;
    const need = input.multiple?.min ?? 1;
    if (input.required && have < need) {
      return { kind: 'input', label: o.pickLabel(input), name: input.name };
    }
  }
  if (o.paramsError) return { kind: 'param', message: o.paramsError };
  if (o.price > 0 && o.balance !== null && o.balance < o.price) {
    return { kind: 'tickets', price: o.price, balance: o.balance };
  }
  if (o.busy) return { kind: 'busy' };
  return null;
};

/**
 * Why the button is off, in the designer's words; shared by the desktop page and the phone's
 * start bar. A missing mask is painted, not uploaded, so it says so. 'busy' has no sentence
 * (the button itself reads 生成中…).
 */
export const blockerText = (blocker: StartBlocker | null, t: TFunction): string | undefined => {
  if (!blocker) return undefined;
  switch (blocker.kind) {
    case 'login':
      return t('tools.start.needLogin');
    case 'unavailable':
      // The engine's reason is for operators (admin engine view); a designer reads this.
      return t('firstHour.pendingTitle');
    case 'input':
      return blocker.name === 'mask'
        ? t('tools.start.needMask')
        : t('tools.start.needInput', { label: blocker.label });
    case 'param':
      return blocker.message;
    case 'tickets':
      return t('tools.start.needTickets', { price: blocker.price, balance: blocker.balance });
    case 'busy':
      return undefined;
  }
};
