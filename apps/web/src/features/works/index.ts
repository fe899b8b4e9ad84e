export { WorksPage } from './components/works-page';
