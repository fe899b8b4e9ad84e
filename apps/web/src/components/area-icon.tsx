import {
  AppstoreOutlined,
  BulbOutlined,
  CheckCircleOutlined,
  CloudDownloadOutlined,
  CrownOutlined,
  ExperimentOutlined,
  FolderOpenOutlined,
  HighlightOutlined,
  MessageOutlined,
  MobileOutlined,
  PictureOutlined,
  ThunderboltOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons for product areas and tool families (tools themselves use ToolGlyph). */
const icons = {
  assistant: MessageOutlined,
  imageAgent: HighlightOutlined,
  models: AppstoreOutlined,
  train: ExperimentOutlined,
  custom: CrownOutlined,
  client: CloudDownloadOutlined,
  works: FolderOpenOutlined,
  done: CheckCircleOutlined,
  prompt: BulbOutlined,
  mobile: MobileOutlined,
  render: ThunderboltOutlined,
  edit: PictureOutlined,
  generate: VideoCameraOutlined,
} satisfies Record<string, ComponentType>;

export type IconKey = keyof typeof icons;

export const AreaIcon = ({ name, className }: { name: IconKey; className?: string }) => {
  const Icon = icons[name];
  return <Icon className={className} aria-hidden />;
};
