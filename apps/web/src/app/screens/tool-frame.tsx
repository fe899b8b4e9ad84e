import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toolFrames } from 'virtual:tool-frames';
import { PageShell } from '../../components/page-shell';
import { useLocalized } from '../../components/use-localized';
import { familyNames } from '../../lib/tool-catalog';
import { toolForLocation } from '../../lib/tool-location';
import { InputLabel, ToolHead } from '../../features/tools/components/tool-head';
import '../../features/tools/tools.css';
import './tool-frame.css';

/**
 * The tool page's first paint, plain markup from the build-time catalog: the page frame (title,
 * description), the upload cards' labels and outlines, the settings card's outline and the stage.
 * The workspace (antd, the registry's schemas, the form) loads meanwhile and takes its place
 * (tool-frame-screens.tsx), drawn over the same frame so nothing moves. Nothing here is a control:
 * a click before the workspace is in has nothing to miss.
 */
export const ToolFrame = ({ footer }: { footer: boolean }) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { pathname, search } = useLocation();
  const tool = toolForLocation(pathname, search);
  const frame = tool ? toolFrames[tool.id] : undefined;
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
                  <header className="hj-ws-card__head">
                    <h2>{t('tools.form.title')}</h2>
                  </header>
                  <div className="hj-tool-frame__field" />
                  <div className="hj-tool-frame__field" />
                </section>
              ) : null}
              <div className="hj-tool-frame__start" />
            </aside>
            <section className="hj-tool__stage">
              <div className="hj-stage" />
            </section>
          </div>
        </div>
      ) : null}
    </PageShell>
  );
};
