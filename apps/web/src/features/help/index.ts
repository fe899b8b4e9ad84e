export { HelpModals } from './components/help-modals';
