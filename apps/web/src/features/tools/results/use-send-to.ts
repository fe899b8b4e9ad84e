import type { ToolDefinition } from '@huijing/tools';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalized } from '../../../components/use-localized';
import { notify } from '../../../lib/notify';
import { familyStore } from '../store/family-stores';
import type { TaskOutput } from './download-plan';
import { outputAsInput } from './send-to';

/**
 * Puts an output into another tool's upload_img (in that tool's family store, so it survives
 * reloads like any upload) and opens the tool with the image ready and no old result showing.
 */
export const useSendTo = () => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const navigate = useNavigate();
  return (output: TaskOutput, target: ToolDefinition) => {
    const image = outputAsInput(output);
    if (!image) return;
    const store = familyStore(target.family).getState();
    store.setInput(target.id, 'upload_img', [image]);
    store.setTask(target.id, undefined);
    notify(t('results.send.sent', { tool: pick(target.name) }), 'success');
    void navigate(target.routes[0]!);
  };
};
