import '../../locales/areas/works';
export { ImageToPromptPage } from './components/image-to-prompt-page';
export { TextToPromptPage } from './components/text-to-prompt-page';
