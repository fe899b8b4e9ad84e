import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './router';

/** Renders the real route table at a path, inside the real providers. */
export const renderAt = (path: string, routes: RouteObject[] = appRoutes) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
};
