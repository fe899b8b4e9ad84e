import './admin.css';

// The moderation queues: one lazy chunk beside the console screens.
export { AdminGalleryReviewPage } from './components/admin-gallery-review-page';
export { AdminModelsReviewPage } from './components/admin-models-review-page';
