import {
  AppstoreAddOutlined,
  DeleteOutlined,
  DownloadOutlined,
  LoginOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { WORKS_BULK_MAX } from '@huijing/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Select, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import {
  deleteWorks,
  downloadWorksZip,
  moveToProject,
  projectsQuery,
  worksKeys,
  worksListQuery,
} from '../api/works.api';
import {
  filtersFromParams,
  filtersToParams,
  filtersToQuery,
  hasFilters,
  type WorksFilters,
} from '../model/works-filters';
import { WorkCard } from './work-card';
import { WorksProjects } from './works-projects';
import { WorksToolbar } from './works-toolbar';
import '../works.css';

const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message) || fallback;

/** Loads the next page when the sentinel scrolls into view (the button stays for keyboards). */
const useLoadMore = (enabled: boolean, load: () => void) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, load]);
  return ref;
};

/** /aiDesignMangement: every work of the user across tools, filtered, selected in bulk. */
export const WorksPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { signedIn, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useInfiniteQuery(worksListQuery(filtersToQuery(filters), signedIn));
  const works = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'zip' | 'delete' | 'move' | null>(null);
  const projects = useQuery(projectsQuery(signedIn));

  // The React Compiler memoizes these; the toolbar's debounce depends on a stable onChange.
  const onChange = (next: Partial<WorksFilters>) => {
    setParams(filtersToParams({ ...filtersFromParams(params), ...next }), { replace: true });
    setSelected([]);
  };
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useLoadMore(Boolean(hasNextPage), loadMore);

  const toggle = (taskId: string) =>
    setSelected((s) => {
      if (s.includes(taskId)) return s.filter((id) => id !== taskId);
      if (s.length >= WORKS_BULK_MAX) {
        notify(t('works.selection.limit', { n: WORKS_BULK_MAX }), 'warning');
        return s;
      }
      return [...s, taskId];
    });
  const loadedIds = works.map((w) => w.taskId);
  const allLoadedSelected =
    loadedIds.length > 0 && loadedIds.slice(0, WORKS_BULK_MAX).every((id) => selected.includes(id));
  const selectAll = () => setSelected(allLoadedSelected ? [] : loadedIds.slice(0, WORKS_BULK_MAX));
  // What the zip will hold: every picture of the selected works ("打包下载 2 张").
  const pictures = works
    .filter((w) => selected.includes(w.taskId))
    .reduce((n, w) => n + w.outputs.length, 0);
  const downloadable = pictures > 0;
  const runningSelected = works.filter(
    (w) => selected.includes(w.taskId) && (w.status === 'queued' || w.status === 'running'),
  ).length;

  const download = async () => {
    setBusy('zip');
    try {
      await downloadWorksZip(selected);
      notify(t('works.selection.zipStarted', { n: pictures }), 'success');
    } catch (e) {
      notify(errorText(e, t('works.selection.zipFailed')), 'error');
    } finally {
      setBusy(null);
    }
  };
  const move = async (projectId: string | null) => {
    setBusy('move');
    try {
      const r = await moveToProject(selected, projectId);
      notify(t('works.projects.moved', { n: r.moved }), 'success');
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: worksKeys.all });
    } catch (e) {
      notify(errorText(e, t('works.projects.failed')), 'error');
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('delete');
    try {
      const r = await deleteWorks(selected);
      notify(
        r.canceled > 0
          ? t('works.selection.deletedWithCancel', { n: r.deleted, c: r.canceled })
          : t('works.selection.deleted', { n: r.deleted }),
        'success',
      );
      setSelected([]);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: worksKeys.all });
      // Cancelled runs gave their tickets back.
      if (r.canceled > 0) await queryClient.invalidateQueries({ queryKey: ['session', 'tickets'] });
    } catch (e) {
      notify(errorText(e, t('works.selection.deleteFailed')), 'error');
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!signedIn && !loading) {
    body = (
      <Empty
        className="hj-works__empty"
        image={<PictureOutlined className="hj-works__empty-icon" />}
        description={
          <>
            <strong>{t('works.signIn.title')}</strong>
            <span>{t('works.signIn.body')}</span>
          </>
        }
      >
        <Button
          type="primary"
          icon={<LoginOutlined />}
          onClick={() => openLogin({ returnTo: '/aiDesignMangement' })}
        >
          {t('works.signIn.cta')}
        </Button>
      </Empty>
    );
  } else if (list.isPending) {
    body = (
      <div className="hj-works__grid" aria-busy="true" aria-label={t('works.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="hj-work hj-work--ghost">
            <Skeleton.Image active className="hj-work__ghost-media" />
            <Skeleton active paragraph={{ rows: 1 }} title={{ width: '60%' }} />
          </div>
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        className="hj-works__error"
        message={t('works.error')}
        description={errorText(list.error, '')}
        action={<Button onClick={() => void list.refetch()}>{t('works.retry')}</Button>}
      />
    );
  } else if (works.length === 0) {
    body = hasFilters(filters) ? (
      <Empty className="hj-works__empty" description={t('works.noMatch')}>
        <Button onClick={() => onChange({ q: '', family: '', toolId: '', from: '', to: '' })}>
          {t('works.filters.reset')}
        </Button>
      </Empty>
    ) : (
      <Empty
        className="hj-works__empty"
        image={<PictureOutlined className="hj-works__empty-icon" />}
        description={
          <>
            <strong>{t('works.empty.title')}</strong>
            <span>{t('works.empty.body')}</span>
          </>
        }
      >
        <Link to="/list">
          <Button type="primary" icon={<AppstoreAddOutlined />}>
            {t('works.empty.cta')}
          </Button>
        </Link>
      </Empty>
    );
  } else {
    body = (
      <>
        <div className="hj-works__grid">
          {works.map((w) => (
            <WorkCard
              key={w.taskId}
              work={w}
              selected={selected.includes(w.taskId)}
              onToggle={toggle}
            />
          ))}
        </div>
        <div ref={sentinel} className="hj-works__more">
          {hasNextPage ? (
            <Button loading={isFetchingNextPage} onClick={loadMore}>
              {t('works.loadMore')}
            </Button>
          ) : (
            <span>{t('works.end', { n: total })}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="hj-works">
      <header className="hj-works__head">
        <div>
          <h1>{t('works.title')}</h1>
          <p>{list.isSuccess ? t('works.count', { n: total }) : t('works.subtitle')}</p>
        </div>
        {works.length > 0 ? (
          <Button onClick={selectAll}>
            {allLoadedSelected ? t('works.selection.none') : t('works.selection.all')}
          </Button>
        ) : null}
      </header>
      {signedIn ? <WorksToolbar filters={filters} onChange={onChange} /> : null}
      {signedIn && projects.data ? (
        <WorksProjects
          projects={projects.data.list}
          unfiled={projects.data.unfiled}
          current={filters.project}
          onPick={(project) => onChange({ project })}
        />
      ) : null}
      {body}

      {selected.length > 0 ? (
        <div className="hj-works__bar" role="region" aria-label={t('works.selection.label')}>
          <span className="hj-works__bar-count">
            {t('works.selection.count', { n: selected.length })}
          </span>
          <Button onClick={() => setSelected([])}>{t('works.selection.clear')}</Button>
          {projects.data ? (
            <Select
              className="hj-works__move"
              placeholder={t('works.projects.move')}
              aria-label={t('works.projects.move')}
              value={null}
              disabled={busy !== null}
              onChange={(v: string) => void move(v === 'none' ? null : v)}
              options={[
                ...projects.data.list.map((p) => ({ value: p.id, label: p.name })),
                { value: 'none', label: t('works.projects.moveOut') },
              ]}
            />
          ) : null}
          <Button
            icon={<DeleteOutlined />}
            danger
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
          >
            {t('works.selection.delete')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={busy === 'zip'}
            disabled={!downloadable || busy === 'delete'}
            onClick={() => void download()}
          >
            {t('works.selection.download', { n: pictures })}
          </Button>
        </div>
      ) : null}

      <Modal
        open={confirming}
        title={t('works.confirm.title', { n: selected.length })}
        okText={t('works.confirm.ok')}
        cancelText={t('works.confirm.cancel')}
        okButtonProps={{ danger: true, loading: busy === 'delete' }}
        onOk={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('works.confirm.body')}</p>
        {runningSelected > 0 ? (
          <Alert
            type="info"
            showIcon
            message={t('works.confirm.running', { n: runningSelected })}
          />
        ) : null}
      </Modal>
    </div>
  );
};
