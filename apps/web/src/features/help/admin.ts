export { AdminFeedbackPage } from './components/admin-feedback-page';
