import '../../locales/areas/models';
/** The render tools' model picker alone, so a tool page does not load the training screens. */
export { ModelPicker, type ModelPickerProps } from './components/model-picker';
