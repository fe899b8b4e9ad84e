import { parseArgs } from 'node:util';
import { sampleKinds, type SampleKind } from '@huijing/contracts';
import { EnvError, loadEnv } from '../../config/env';
import { createContainer } from '../../container';
import { moduleServices } from '../feature-module';
import type { SamplesServices } from './samples.module';
import type { MakeReport } from './samples.maker';

// `npm run samples [-- --force] [--local] [--bundle] [--kind style,room,tool] [--id a,b]`
// Makes the example pictures of styles, room types and tools with the configured engines and
// keeps them in storage (see docs/samples.md). --local: only what the built-in engine makes.
// --bundle (developers): the local engine's tool examples into apps/server/samples, shipped.
const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
    bundle: { type: 'boolean', default: false },
    kind: { type: 'string' },
    id: { type: 'string' },
  },
});

const kinds = values.kind
  ?.split(',')
  .map((k) => k.trim())
  .filter((k): k is SampleKind => (sampleKinds as readonly string[]).includes(k));

const summary = (report: MakeReport, where: string) => {
  const byKind = (list: { kind: SampleKind }[], kind: SampleKind) =>
    list.filter((x) => x.kind === kind).length;
  const names: Record<SampleKind, string> = { style: '风格', room: '空间类型', tool: '工具' };
  const lines = [`示例图保存在：${where}`];
  lines.push(
    `新生成 ${report.made.length} 张（${sampleKinds.map((k) => `${names[k]} ${byKind(report.made, k)}`).join('，')}）` +
      `；已有未重做 ${report.kept} 张${report.kept ? '（加 --force 重新生成）' : ''}`,
  );
  for (const kind of sampleKinds) {
    const notMade = report.notMade.filter((s) => s.kind === kind);
    if (!notMade.length) continue;
    const reasons = new Map<string, string[]>();
    for (const s of notMade) reasons.set(s.reason, [...(reasons.get(s.reason) ?? []), s.name]);
    for (const [reason, list] of reasons) {
      const shown =
        list.length > 6 ? `${list.slice(0, 6).join('、')} 等 ${list.length} 个` : list.join('、');
      lines.push(`未生成（${names[kind]}）：${shown} — ${reason}`);
    }
  }
  for (const f of report.failed) lines.push(`失败：${f.name}（${f.kind} ${f.id}）— ${f.reason}`);
  return lines.join('\n');
};

let exitCode = 0;
try {
  const env = loadEnv();
  const container = createContainer(env, { role: 'api' });
  try {
    await container.prepareDatabase();
    const samples = moduleServices<SamplesServices>(
      new Map(container.features.map((f) => [f.name, f])),
      'samples',
    )!;
    const sink = values.bundle ? samples.shipped : samples.made;
    const report = await samples.maker(sink).make({
      force: values.force,
      localOnly: values.local || values.bundle,
      kinds: values.bundle ? ['tool'] : kinds,
      ids: values.id?.split(',').map((id) => id.trim()),
      onEvent: (line) => console.info(line),
    });
    console.info(summary(report, sink.label));
    if (report.failed.length) exitCode = 1;
    else if (!report.aiEngine && !values.local && !values.bundle) {
      console.error(
        '没有配置 AI 引擎（ComfyUI：COMFYUI_URL；兼容 OpenAI 的图像接口：OPENAI_IMAGES_BASE_URL）：' +
          '只生成了本机引擎能做的工具示例，风格、空间类型和 AI 工具的示例图没有生成。' +
          '配置引擎后再运行 npm run samples；只要本机示例请加 --local。',
      );
      exitCode = 2;
    }
  } finally {
    await container.close();
  }
} catch (error) {
  if (error instanceof EnvError) console.error(error.message);
  else console.error(error);
  exitCode = 1;
}
process.exit(exitCode);
