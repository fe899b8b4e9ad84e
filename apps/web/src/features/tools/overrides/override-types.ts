import type { TaskInfo } from '@huijing/contracts';
import type { ToolDefinition } from '@huijing/tools';
import type { ComponentType } from 'react';
import type { InputImage } from '../store/state-types';

/** What an override sees of the tool page: the tool, its parsed values and inputs. */
export interface OverrideProps {
  tool: ToolDefinition;
  /** The parameters as they will be sent (defaults applied). */
  values: Record<string, unknown>;
  inputs: Record<string, InputImage[]>;
  setParam: (name: string, value: unknown) => void;
}

export interface ResultOverrideProps extends OverrideProps {
  /** The succeeded task on the stage. */
  task: TaskInfo;
  /** Leaves the result and shows the inputs again (e.g. to refine a mask and run again). */
  backToInputs: () => void;
}

/**
 * A tool's own interactions on the shared tool page. Every part is optional: a tool without an
 * override gets the generated page. Components render inside the page's own cards and stage, so
 * the layout, start bar and task panel stay shared.
 */
export interface ToolOverride {
  /** A card in the left panel between the uploads and the generated form. */
  PanelExtra?: ComponentType<OverrideProps>;
  /** Under the stage's preview of the upload, before a run. */
  StageExtra?: ComponentType<OverrideProps>;
  /** Under a succeeded result. */
  ResultExtra?: ComponentType<ResultOverrideProps>;
  /**
   * Transparent outputs: the result is drawn on a checkerboard and not compared with the
   * original (the original would show through the cut-out).
   */
  resultBackground?: 'checkerboard';
  /** Parameters PanelExtra edits itself; the generated form leaves them out. */
  ownParams?: readonly string[];
  /** Inputs PanelExtra uploads and shows itself; the upload card leaves them out. */
  ownInputs?: readonly string[];
  /**
   * Why these settings cannot start, in the panel's own words (e.g. an "AI 增强" upscale over its
   * input limit); the start button stays off and nothing is queued.
   */
  blocker?: (
    props: Pick<OverrideProps, 'values' | 'inputs'>,
    t: (key: string) => string,
  ) => string | undefined;
}
