import '../../locales/areas/community';
export { CaseHome, CasePage, ClassifyCase } from './components/case-pages';
export {
  AuthorPage,
  ClassifyPage,
  CollectionPage,
  FindPage,
  MineCasePage,
  MineCollectPage,
  MineCreatePage,
  SearchPage,
  TupianHome,
} from './components/gallery-pages';
export { GalleryEnvContext, type GalleryEnv } from './components/gallery-env';
export { PublishAction } from './components/publish-action';
export { QaPage } from './help/qa-page';
