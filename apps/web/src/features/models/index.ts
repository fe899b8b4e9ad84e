import '../../locales/areas/models';
export { ModelTrainPage } from './components/model-train-page';
export { ModelTrainingPage } from './components/model-training-page';
export { ModelSquarePage } from './components/model-square-page';
