export {
  AuthorPage,
  CaseHome,
  ClassifyCase,
  ClassifyPage,
  CollectionPage,
  FindPage,
  MineCollectPage,
  MineCreatePage,
  SearchPage,
  TupianHome,
} from './components/gallery-pages';
export { GalleryEnvContext, type GalleryEnv } from './components/gallery-env';
export { PublishAction } from './components/publish-action';
export { QaPage } from './help/qa-page';
