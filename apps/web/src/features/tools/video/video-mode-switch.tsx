import { allTools, toolEntry } from '@huijing/tools';
import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';

/** The tools sharing a route (/imgs2Video: multi-image and first/last frame), in registry order. */
const toolsSharing = (toolId: string) => {
  const route = allTools.find((t) => t.id === toolId)?.routes[0];
  return allTools.filter((t) => t.routes[0] === route);
};

/** Switches /imgs2Video between its two modes; each mode keeps its own pictures and settings. */
export const VideoModeSwitch = ({ toolId }: { toolId: string }) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const navigate = useNavigate();
  const modes = toolsSharing(toolId);
  if (modes.length < 2) return null;
  return (
    <nav className="hj-video-modes" aria-label={t('generation.video.modes')}>
      <Segmented
        block
        value={toolId}
        options={modes.map((m) => ({ value: m.id, label: pick(m.name) }))}
        onChange={(id) => {
          const next = modes.find((m) => m.id === id);
          if (next) void navigate(toolEntry(next));
        }}
      />
    </nav>
  );
};
