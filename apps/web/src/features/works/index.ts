import '../../locales/areas/works';
export { WorksPage } from './components/works-page';
