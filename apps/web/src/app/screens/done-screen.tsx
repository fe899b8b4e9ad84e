import { PageShell } from '../../components/page-shell';
import { DonePage } from '../../features/tools/done-page';

/** /done, /done2 and /3dRenderDone: a finished task by link (features/tools/done). */
export const DoneScreen = () => (
  <PageShell>
    <DonePage />
  </PageShell>
);
