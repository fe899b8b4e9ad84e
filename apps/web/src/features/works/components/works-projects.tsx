import { DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import type { Project } from '@huijing/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { createProject, deleteProject, renameProject, worksKeys } from '../api/works.api';

const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message) || fallback;

/**
 * Projects as a row of folders above the works: all works, the unfiled ones, then each
 * project with its count; a new project is named in place, the open one renamed in place. The
 * choice lives in the address.
 */
export const WorksProjects = ({
  projects,
  unfiled,
  current,
  onPick,
}: {
  projects: Project[];
  unfiled: number;
  current: string;
  onPick: (project: string) => void;
}) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: worksKeys.all });
  const create = useMutation({
    mutationFn: createProject,
    onSuccess: (p) => {
      setNaming(false);
      setName('');
      notify(t('works.projects.created', { name: p.name }), 'success');
      void refresh();
      onPick(p.id);
    },
    onError: (e) => notify(errorText(e, t('works.projects.failed')), 'error'),
  });
  const remove = useMutation({
    mutationFn: deleteProject,
    onSuccess: () => {
      notify(t('works.projects.deleted'), 'success');
      onPick('');
      void refresh();
    },
    onError: (e) => notify(errorText(e, t('works.projects.failed')), 'error'),
  });
  const rename = useMutation({
    mutationFn: ({ id, to }: { id: string; to: string }) => renameProject(id, to),
    onSuccess: (_, { to }) => {
      setRenaming('');
      notify(t('works.projects.renamed', { name: to }), 'success');
      void refresh();
    },
    onError: (e) => notify(errorText(e, t('works.projects.failed')), 'error'),
  });
  const active = projects.find((p) => p.id === current);
  const renamingActive = active && renaming !== '' ? active : undefined;
  const chip = (value: string, label: string, count?: number) => (
    <button
      key={value || 'all'}
      type="button"
      className={`hj-works__project${current === value ? ' is-active' : ''}`}
      aria-pressed={current === value}
      onClick={() => onPick(value)}
    >
      {value && value !== 'none' ? <FolderOutlined /> : null}
      {label}
      {count !== undefined ? <small>{count}</small> : null}
    </button>
  );
  return (
    <nav className="hj-works__projects" aria-label={t('works.projects.label')}>
      {chip('', t('works.projects.all'))}
      {chip('none', t('works.projects.unfiled'), unfiled)}
      {projects.map((p) =>
        p === renamingActive ? (
          <Input.Search
            key={p.id}
            autoFocus
            size="small"
            className="hj-works__project-name"
            aria-label={t('works.projects.newName', { name: p.name })}
            maxLength={30}
            value={renaming}
            enterButton={t('works.projects.save')}
            loading={rename.isPending}
            onChange={(e) => setRenaming(e.target.value)}
            onSearch={(v) => {
              const to = v.trim();
              if (!to || to === p.name) setRenaming('');
              else rename.mutate({ id: p.id, to });
            }}
            onKeyDown={(e) => e.key === 'Escape' && setRenaming('')}
          />
        ) : (
          chip(p.id, p.name, p.count)
        ),
      )}
      {naming ? (
        <Input.Search
          autoFocus
          size="small"
          className="hj-works__project-name"
          aria-label={t('works.projects.name')}
          placeholder={t('works.projects.name')}
          maxLength={30}
          value={name}
          enterButton={t('works.projects.create')}
          loading={create.isPending}
          onChange={(e) => setName(e.target.value)}
          onSearch={(v) => (v.trim() ? create.mutate(v.trim()) : setNaming(false))}
          onKeyDown={(e) => e.key === 'Escape' && setNaming(false)}
        />
      ) : (
        <Button
          size="small"
          type="dashed"
          icon={<FolderAddOutlined />}
          onClick={() => setNaming(true)}
        >
          {t('works.projects.new')}
        </Button>
      )}
      {active && !renamingActive ? (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          onClick={() => setRenaming(active.name)}
        >
          {t('works.projects.rename')}
        </Button>
      ) : null}
      {active ? (
        <Popconfirm
          title={t('works.projects.confirmDelete', { name: active.name })}
          okText={t('works.projects.delete')}
          cancelText={t('works.confirm.cancel')}
          onConfirm={() => remove.mutate(active.id)}
        >
          <Button size="small" type="text" danger icon={<DeleteOutlined />}>
            {t('works.projects.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </nav>
  );
};
