import '../../locales/areas/assistant';
export { ChatPage } from './components/chat-page';
export { EditPage } from './components/edit-page';
