import '../../locales/areas/works';
export { ClientPage } from './components/client-page';
