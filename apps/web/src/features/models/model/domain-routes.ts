/** The render tool a model of each training direction is used in (使用此模型). */
const routes: Record<string, string> = {
  'interior-style': '/indoorRender',
  architecture: '/architecturalRender',
  landscape: '/landscapeRender',
  material: '/indoorRender',
  furniture: '/indoorRender',
};

export const toolRouteFor = (domain: string, modelId: string) =>
  `${routes[domain] ?? '/indoorRender'}?loraId=${encodeURIComponent(modelId)}`;

export const statusColor: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  canceled: 'warning',
};
