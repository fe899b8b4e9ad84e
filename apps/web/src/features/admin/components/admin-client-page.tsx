import { AppleOutlined, CloudUploadOutlined, WindowsOutlined } from '@ant-design/icons';
import { clientReleaseSchema, type ClientRelease } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { notify } from '../../../lib/notify';
import { adminApi, adminKeys } from '../api/admin.api';

type Platform = ClientRelease['platform'];

/** What the form holds per platform: strings as typed, the size in MB. */
interface Draft {
  on: boolean;
  version: string;
  url: string;
  releasedAt: string;
  sizeMb: number | null;
  requirements: string;
  notes: string;
}

const platforms: { id: Platform; name: string; icon: ReactNode; requirements: string }[] = [
  { id: 'windows', name: 'Windows', icon: <WindowsOutlined />, requirements: 'Windows 10 及以上' },
  {
    id: 'macos',
    name: 'macOS',
    icon: <AppleOutlined />,
    requirements: 'macOS 12 及以上（Apple 芯片 / Intel）',
  },
];

const MB = 1024 * 1024;

export const draftOf = (release: ClientRelease | undefined, requirements: string): Draft => ({
  on: Boolean(release),
  version: release?.version ?? '',
  url: release?.url ?? '',
  releasedAt: release?.releasedAt ?? '',
  sizeMb: release?.sizeBytes !== undefined ? Math.round((release.sizeBytes / MB) * 10) / 10 : null,
  requirements: release?.requirements ?? requirements,
  notes: release?.notes ?? '',
});

/**
 * The releases to publish from the drafts of the switched-on platforms, or the first problem in
 * the contract's own words (the server checks the same schema).
 */
export const releasesOf = (
  drafts: Record<Platform, Draft>,
): { releases: ClientRelease[] } | { error: string } => {
  const releases: ClientRelease[] = [];
  for (const { id, name } of platforms) {
    const d = drafts[id];
    if (!d.on) continue;
    const parsed = clientReleaseSchema.safeParse({
      platform: id,
      version: d.version,
      url: d.url,
      releasedAt: d.releasedAt.trim() || undefined,
      sizeBytes: d.sizeMb !== null ? Math.round(d.sizeMb * MB) : undefined,
      requirements: d.requirements.trim() || undefined,
      notes: d.notes.trim() || undefined,
    });
    if (!parsed.success)
      return { error: `${name}：${parsed.error.issues[0]?.message ?? '填写有误'}` };
    releases.push(parsed.data);
  }
  return { releases };
};

/** /admin/client: what the public /client page offers, per platform; saving publishes at once. */
export const AdminClientPage = () => {
  usePageTitle('客户端发布');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.client,
    queryFn: adminApi.clientDownloads,
    retry: false,
  });
  const [drafts, setDrafts] = useState<Record<Platform, Draft>>();
  const loaded = query.data;
  const current =
    drafts ??
    (loaded
      ? (Object.fromEntries(
          platforms.map((p) => [
            p.id,
            draftOf(
              loaded.releases.find((r) => r.platform === p.id),
              p.requirements,
            ),
          ]),
        ) as Record<Platform, Draft>)
      : undefined);

  const publish = useMutation({
    mutationFn: adminApi.publishClient,
    onSuccess: (data) => {
      queryClient.setQueryData(adminKeys.client, data);
      setDrafts(undefined);
      notify(data.releases.length ? '已发布，客户端下载页已更新' : '已撤下全部版本', 'success');
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });

  if (query.isError) {
    return <Alert type="error" showIcon message="读取失败" description={query.error.message} />;
  }
  if (!current) return <Skeleton active />;

  const edit = (id: Platform, patch: Partial<Draft>) =>
    setDrafts({ ...current, [id]: { ...current[id], ...patch } });
  const save = () => {
    const result = releasesOf(current);
    if ('error' in result) notify(result.error, 'error');
    else publish.mutate(result.releases);
  };

  return (
    <section className="hj-admin-client">
      <header className="hj-admin-client__head">
        <div>
          <h1>客户端发布</h1>
          <p>这里填写的版本会出现在 /client 下载页；关闭某个平台即撤下它的下载。</p>
        </div>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          loading={publish.isPending}
          disabled={!drafts}
          onClick={save}
        >
          保存并发布
        </Button>
      </header>
      <div className="hj-admin-client__grid">
        {platforms.map(({ id, name, icon }) => {
          const d = current[id];
          const field = (label: string, control: ReactNode) => (
            <label className="hj-admin-client__field">
              <span>{label}</span>
              {control}
            </label>
          );
          return (
            <Card
              key={id}
              title={
                <span>
                  {icon} {name}
                </span>
              }
              extra={
                <Switch
                  checked={d.on}
                  aria-label={`发布 ${name} 版本`}
                  checkedChildren="已发布"
                  unCheckedChildren="未发布"
                  onChange={(on) => edit(id, { on })}
                />
              }
            >
              <fieldset disabled={!d.on} className="hj-admin-client__fields">
                {field(
                  '版本号',
                  <Input
                    aria-label={`${name} 版本号`}
                    value={d.version}
                    placeholder="例如 2.4.0"
                    onChange={(e) => edit(id, { version: e.target.value })}
                  />,
                )}
                {field(
                  '下载地址',
                  <Input
                    aria-label={`${name} 下载地址`}
                    value={d.url}
                    placeholder="https://…"
                    onChange={(e) => edit(id, { url: e.target.value })}
                  />,
                )}
                {field(
                  '发布日期',
                  <Input
                    aria-label={`${name} 发布日期`}
                    value={d.releasedAt}
                    placeholder="YYYY-MM-DD"
                    onChange={(e) => edit(id, { releasedAt: e.target.value })}
                  />,
                )}
                {field(
                  '安装包大小（MB）',
                  <InputNumber
                    aria-label={`${name} 安装包大小`}
                    min={0}
                    step={0.1}
                    value={d.sizeMb}
                    onChange={(v) => edit(id, { sizeMb: v })}
                  />,
                )}
                {field(
                  '系统要求',
                  <Input
                    aria-label={`${name} 系统要求`}
                    value={d.requirements}
                    onChange={(e) => edit(id, { requirements: e.target.value })}
                  />,
                )}
                {field(
                  '更新说明（每行一条）',
                  <Input.TextArea
                    aria-label={`${name} 更新说明`}
                    rows={4}
                    value={d.notes}
                    onChange={(e) => edit(id, { notes: e.target.value })}
                  />,
                )}
              </fieldset>
            </Card>
          );
        })}
      </div>
    </section>
  );
};
