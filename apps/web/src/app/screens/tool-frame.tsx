import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toolFrames } from 'virtual:tool-frames';
import { PageShell } from '../../components/page-shell';
import { useLocalized } from '../../components/use-localized';
import { useToolAvailability } from '../../components/use-tool-availability';
import { familyNames } from '../../lib/tool-catalog';
import { toolForLocation } from '../../lib/tool-location';
import { StageEmpty } from '../../features/tools/components/stage-empty';
import { InputLabel, ToolHead } from '../../features/tools/components/tool-head';
import { UnavailableNotice } from '../../features/tools/components/unavailable-notice';
import { hasSavedWork } from '../../features/tools/store/saved-work';
import '../../features/tools/tools.css';
import './tool-frame.css';

/**
 * The tool page's first paint, plain markup from the build-time catalog: the page frame (title,
 * description), the upload cards' labels and outlines, the settings card's outline and the stage.
 * The workspace (antd, the registry's schemas, the form) loads meanwhile and takes its place
 * (tool-frame-screens.tsx), drawn over the same frame so nothing moves. Nothing here is a control
 * but the unavailable notice's links to other tools, plain links that work before the workspace.
 */
export const ToolFrame = ({ footer }: { footer: boolean }) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { pathname, search } = useLocation();
  const tool = toolForLocation(pathname, search);
  const frame = tool ? toolFrames[tool.id] : undefined;
  // A tool that cannot run says so as soon as the availability answer is in (the workspace draws
  // the same notice in the same place), not a few seconds later when the workspace arrives. The
  // answer comes with the page's shell (main.tsx), whose markup already holds this notice.
  const { available } = useToolAvailability();
  const pending = tool !== undefined && available(tool.id) === false;
  const savedWork = useMemo(() => !tool || hasSavedWork(tool.family, tool.id), [tool]);
  return (
    <PageShell footer={footer}>
      {tool && frame ? (
        <div className="hj-tool hj-tool-frame" aria-busy="true">
          <ToolHead
            tool={tool}
            familyName={pick(familyNames[tool.family])}
            title={pick(tool.name)}
            description={pick(tool.description)}
          />
          {pending ? <UnavailableNotice className="hj-tool__alert" tool={tool} /> : null}
          <div className="hj-tool__body">
            <aside className="hj-tool__panel">
              {frame.inputs.length > 0 ? (
                <section className="hj-ws-card">
                  <header className="hj-ws-card__head">
                    <h2>{t('tools.upload.section')}</h2>
                    <small>{t('tools.upload.paste')}</small>
                  </header>
                  <div className="hj-tool-inputs">
                    {frame.inputs.map((input) => (
                      <div key={input.name} className="hj-upload">
                        <InputLabel label={pick(input.label)} required={input.required} />
                        <div className="hj-upload__drop hj-tool-frame__drop" />
                      </div>
                    ))}
                  </div>
                </section>
              ) : null}
              {frame.form ? (
                <section className="hj-ws-card">
                  <header className="hj-ws-card__head hj-tool-frame__form-head">
                    <h2>{t('tools.form.title')}</h2>
                  </header>
                  {frame.prompt ? (
                    // The prompt box as the form draws it (antd's TextArea, three rows), its
                    // placeholder included: words, not a control, until the workspace arrives.
                    <div className="hj-tool-form">
                      <div className="hj-tool-field">
                        <div className="hj-tool-field__head">
                          <span className="hj-tool-field__label">{pick(frame.prompt.label)}</span>
                        </div>
                        <div className="hj-tool-frame__prompt">
                          {frame.prompt.placeholder ? pick(frame.prompt.placeholder) : null}
                        </div>
                      </div>
                    </div>
                  ) : (
                    <div className="hj-tool-frame__field" />
                  )}
                  <div className="hj-tool-frame__field" />
                </section>
              ) : null}
              <div className="hj-tool-frame__start" />
            </aside>
            <section className="hj-tool__stage">
              <div className="hj-stage">
                {/* The steps, unless this device keeps a picture or a run of the tool, which
                    the workspace will show instead (prerendered: unknown, so left out). */}
                {savedWork ? null : (
                  <StageEmpty tool={tool} hasInputs={frame.inputs.length > 0} verb={frame.verb} />
                )}
              </div>
            </section>
          </div>
        </div>
      ) : null}
    </PageShell>
  );
};
