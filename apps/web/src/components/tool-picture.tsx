import { sampleImageSources, type SamplePicture } from '@huijing/contracts';
import type { ToolFamily } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleMaker, samplesQuery } from '../lib/samples';
import { ToolGlyph } from './tool-glyph';

/**
 * The example picture of a tool, when this installation has one (lib/samples.ts). The answer
 * lands on dozens of cards at once: it is taken as a deferred value, so they are redrawn in a
 * background render that yields to the page instead of one long synchronous one.
 */
export const useToolSample = (toolId: string): SamplePicture | undefined =>
  useDeferredValue(useQuery(samplesQuery()).data)?.tool[toolId];

/**
 * A tool's picture on its card: its example as a before/after split (the input on the left, the
 * tool's result on the right) with an honest caption of who made it, or the lettered tile when
 * there is no example.
 */
export const ToolPicture = ({
  tool,
  width,
  height,
  caption = true,
  glyphSize = 44,
}: {
  tool: { id: string; family: ToolFamily; name: { 'zh-CN': string } };
  width: number;
  height: number;
  /** Shown on the picture; without it the words are the picture's title. */
  caption?: boolean;
  /** The lettered tile's size when there is no example. */
  glyphSize?: number;
}) => {
  const { t } = useTranslation();
  const sample = useToolSample(tool.id);
  if (!sample)
    return (
      <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} size={glyphSize} />
    );
  const words = t(`firstHour.sample.${sampleMaker(sample)}`);
  // A copy scaled for the box at this screen's density, not the 640 px original.
  const box = Math.max(width, height);
  return (
    <span
      className="hj-tool-pic"
      style={{ width, height }}
      title={words}
      data-sample={sample.engine}
    >
      <img
        {...sampleImageSources(sample.url, box)}
        alt={words}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
      />
      {sample.beforeUrl ? (
        <>
          <img
            className="hj-tool-pic__before"
            {...sampleImageSources(sample.beforeUrl, box)}
            alt=""
            width={width}
            height={height}
            loading="lazy"
            decoding="async"
          />
          <span className="hj-tool-pic__split" aria-hidden />
        </>
      ) : null}
      {caption ? (
        <span className="hj-tool-pic__caption" aria-hidden>
          {words}
        </span>
      ) : null}
    </span>
  );
};
