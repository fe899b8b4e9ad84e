import { Suspense, type ComponentType } from 'react';

/** What a result surface (tool result panel, done page, works card) knows about one picture. */
export type ResultActionProps = {
  taskId: string;
  index?: number;
  defaultTitle?: string;
  hasBefore?: boolean;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
};

let registered: ComponentType<ResultActionProps> | undefined;

/**
 * A slot for an action another area adds to result surfaces (the gallery's "发布到灵感广场"),
 * registered by the app (features never import each other); nothing renders until registered.
 */
export const registerResultAction = (component: ComponentType<ResultActionProps>) => {
  registered = component;
};

export const ResultActionSlot = (props: ResultActionProps) => {
  const Action = registered;
  return Action ? (
    <Suspense fallback={null}>
      <Action {...props} />
    </Suspense>
  ) : null;
};
