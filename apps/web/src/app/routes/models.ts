import type { RouteObject } from 'react-router';
import { page, screen } from '../route-helpers';

const models = (name: 'ModelTrainPage' | 'ModelTrainingPage' | 'ModelSquarePage') =>
  screen(
    () => import('../screens/models-screens'),
    (m) => m[name],
  );

/** Routes of this area (see area-routes.ts); build screens with route-helpers' page() and screen(). */
export const modelsRoutes: RouteObject[] = [
  page('/modelsquare', models('ModelSquarePage')),
  page('/modelTrain', models('ModelTrainPage')),
  page('/modelTraining', models('ModelTrainingPage')),
];
