export { ClientPage } from './components/client-page';
