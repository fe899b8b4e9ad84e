import type { Plugin } from 'vite';

const FORM_CONTEXT = /antd[\\/]es[\\/]form[\\/]context\.js$/;

/**
 * antd's form context (`antd/es/form/context.js`) is reached by most antd components — through
 * `ContextIsolator` (Tooltip, Popover, Dropdown…) and the inputs' status context — and it imports
 * rc-field-form's index for one name, `FormProvider`. The index assigns `Field`, `List`,
 * `useForm` and `useWatch` onto the form component at evaluation (side effects the bundler must
 * keep), so the whole form library with its validators (~45 KB, ~13 KB brotli) rode with every
 * page that showed a tooltip. This points that one import at the module `FormProvider` lives in —
 * the same module the index re-exports, so the React context is the same one and antd's `Form`
 * (which imports the index itself) still shares it. docs/performance.md.
 */
export const antdFormContext = (): Plugin => ({
  name: 'huijing-antd-form-context',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== 'rc-field-form' || !importer || !FORM_CONTEXT.test(importer)) return null;
    return this.resolve('rc-field-form/es/FormContext.js', importer, {
      ...options,
      skipSelf: true,
    });
  },
});
