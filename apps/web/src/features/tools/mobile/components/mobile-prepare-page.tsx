import { ThunderboltOutlined } from '@ant-design/icons';
import {
  allTools,
  familyNames,
  toolVerb,
  toolsOfFamily,
  type ToolDefinition,
} from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../../components/account-dialogs.store';
import { ToolGlyph } from '../../../../components/tool-glyph';
import { useLocalized } from '../../../../components/use-localized';
import { usePageTitle } from '../../../../components/use-page-title';
import { useSignInGate } from '../../../../components/use-sign-in-gate';
import { useToolAvailability } from '../../../../components/use-tool-availability';
import { runnableFirst } from '../../../../lib/tool-availability';
import { taskQuery } from '../../api/tools.api';
import { ParamForm } from '../../components/param-form';
import { MaskStage, type MaskDraft } from '../../editor';
import { localVariant } from '../../model/local-variant';
import { isTerminal } from '../../model/poll-delay';
import type { InputImage } from '../../store/family-stores';
import { overrideFor } from '../../overrides';
import { useMobileRun } from '../hooks/use-mobile-run';
import { UnavailableNotice } from '../../components/unavailable-notice';
import { doneHref, listHref, mobileFamilies, prepareHref, toolById } from '../model/mobile-flow';
import { MobileStartBar } from './mobile-start-bar';
import { MobileToolRow } from './mobile-tool-row';
import { MobileTopBar } from './mobile-top-bar';
import { MobileUpload } from './mobile-upload';
// The shared pieces (parameter fields, task panel, compare slider) are styled there.
import '../../tools.css';
import '../mobile-flow.css';
import '../mobile-prepare.css';

/** /mobilePrepare?tool=<id>: photo or album, the tool's parameters, and the start bar. */
export const MobilePreparePage = () => {
  const { search } = useLocation();
  const tool = toolById(new URLSearchParams(search).get('tool'));
  // Keyed by tool: another tool starts from its own saved state.
  return tool ? <Prepare key={tool.id} tool={tool} /> : <NoTool />;
};

/** Without a known tool: say so and offer the first tools of each family. */
const NoTool = () => {
  const { t } = useTranslation();
  const { available } = useToolAvailability();
  usePageTitle(t('mobile.prepare.pick'));
  return (
    <div className="hj-mf">
      <MobileTopBar title={t('mobile.prepare.pick')} back="/mobileList" />
      <main className="hj-mf__main">
        <div className="hj-mf-empty">
          <h2>{t('mobile.prepare.missing')}</h2>
          <p>{t('mobile.prepare.missingHint')}</p>
          <Link className="hj-mf-btn hj-mf-btn--primary" to="/mobileList">
            {t('mobile.prepare.toList')}
          </Link>
        </div>
        <ul className="hj-mf-rows">
          {mobileFamilies.map((family) => {
            const first = runnableFirst(toolsOfFamily(family), available)[0] ?? allTools[0]!;
            return (
              <MobileToolRow
                key={first.id}
                tool={first}
                price={first.price}
                available={available(first.id)}
              />
            );
          })}
        </ul>
      </main>
    </div>
  );
};

const Prepare = ({ tool }: { tool: ToolDefinition }) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const run = useMobileRun(tool, (taskId) => void navigate(doneHref(tool.id, taskId)));
  const { state, store, values, inputs, signedIn, mask } = run;
  const { setInput, setParam, resetParams } = store.getState();
  const login = () => openLogin({ returnTo: `${pathname}${search}` });
  const requireLogin = useSignInGate(`${pathname}${search}`);
  usePageTitle(pick(tool.name));

  // A run of this tool still going (started here or on the desktop): offer to watch it.
  const previous = useQuery({
    ...taskQuery(state.taskId ?? ''),
    enabled: signedIn && Boolean(state.taskId),
  });
  const photo = state.inputs['upload_img']?.[0];
  // The tool's desktop hint (what to paint; material change: then pick from the library below).
  const { PanelExtra } = overrideFor(tool.id);
  const running = previous.data && !isTerminal(previous.data.status) ? previous.data : undefined;
  const variant = localVariant(tool.id, run.availability?.engine);

  return (
    <div className="hj-mf hj-mf--bar">
      <MobileTopBar title={pick(tool.name)} back={listHref(tool.family)} />
      <main className="hj-mf__main">
        <section className="hj-mf-hero">
          <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} size={52} />
          <div>
            <p className="hj-mf-hero__family">{pick(familyNames[tool.family])}</p>
            <h2>{variant ? t(variant.name) : pick(tool.name)}</h2>
            <p>{pick(tool.description)}</p>
          </div>
        </section>

        {variant ? <Alert type="info" showIcon message={t(variant.note)} /> : null}
        {run.availability && !run.availability.available ? (
          <UnavailableNotice tool={tool} hrefOf={(other) => prepareHref(other.id)} />
        ) : null}

        {running ? (
          <Link className="hj-mf-running" to={doneHref(tool.id, running.taskId)}>
            <span>{t('mobile.prepare.running')}</span>
            <strong>{t('mobile.prepare.viewRunning')}</strong>
          </Link>
        ) : null}

        {inputs.length > 0 ? (
          <section className="hj-mf-card" aria-label={t('mobile.prepare.upload')}>
            <h2 className="hj-mf-card__title">{t('mobile.prepare.upload')}</h2>
            {inputs.map((input) => (
              <MobileUpload
                key={input.name}
                input={input}
                images={state.inputs[input.name] ?? []}
                onChange={(images) => setInput(tool.id, input.name, images)}
                requireLogin={requireLogin}
                compact={Boolean(mask?.doc) && input.name === 'upload_img'}
              />
            ))}
          </section>
        ) : null}

        {mask?.doc && photo ? (
          <PaintCard
            verb={pick(toolVerb(tool))}
            photo={photo}
            mask={mask}
            hint={
              PanelExtra ? (
                <PanelExtra
                  tool={tool}
                  values={values}
                  inputs={state.inputs}
                  setParam={(name, value) => setParam(tool.id, name, value)}
                />
              ) : null
            }
          />
        ) : null}

        <div className="hj-mf-params">
          <ParamForm
            tool={tool}
            values={values}
            onChange={(name, value) => setParam(tool.id, name, value)}
            onReset={() => resetParams(tool.id)}
          />
        </div>
      </main>

      <MobileStartBar
        run={run}
        ticketType={tool.ticketType}
        verb={pick(toolVerb(tool))}
        onStart={() => (signedIn ? run.go() : login())}
        icon={<ThunderboltOutlined />}
      />
    </div>
  );
};

/**
 * The region to work on, painted with a finger in the desktop's mask editor (the same draft, so a
 * selection made on one screen is there on the other), under the tool's own hint. The canvas
 * takes the photo's proportions within a height that leaves room to scroll past it.
 */
const PaintCard = ({
  photo,
  mask,
  hint,
  verb,
}: {
  photo: InputImage;
  mask: MaskDraft;
  hint: ReactNode;
  verb: string;
}) => {
  const { t } = useTranslation();
  return (
    <section
      className="hj-mf-card hj-mf-paint"
      aria-label={t('mobile.prepare.paint')}
      style={{ '--hj-mf-photo-ratio': photo.width / photo.height } as CSSProperties}
    >
      <h2 className="hj-mf-card__title">{t('mobile.prepare.paint')}</h2>
      {hint}
      <MaskStage image={photo} draft={mask} />
      <p className="hj-mf-note">{t('mobile.prepare.paintHint', { verb })}</p>
    </section>
  );
};
