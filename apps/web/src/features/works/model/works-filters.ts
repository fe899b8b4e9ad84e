import type { ToolFamily } from '@huijing/tools';

/** The works page filters, kept in the address so a filtered view survives reload and back. */
export interface WorksFilters {
  q: string;
  family: ToolFamily | '';
  toolId: string;
  /** Local calendar days, YYYY-MM-DD (what the date pickers give). */
  from: string;
  to: string;
  /** A project's id, 'none' for works in no project, '' for all. */
  project: string;
}

export const emptyFilters: WorksFilters = {
  q: '',
  family: '',
  toolId: '',
  from: '',
  to: '',
  project: '',
};

const families: readonly string[] = ['render', 'edit', 'generate'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const filtersFromParams = (params: URLSearchParams): WorksFilters => {
  const family = params.get('family') ?? '';
  const day = (key: string) => {
    const v = params.get(key) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    q: params.get('q') ?? '',
    family: families.includes(family) ? (family as ToolFamily) : '',
    toolId: params.get('tool') ?? '',
    from: day('from'),
    to: day('to'),
    project: params.get('project') ?? '',
  };
};

export const filtersToParams = (f: WorksFilters): URLSearchParams => {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q);
  if (f.family) p.set('family', f.family);
  if (f.toolId) p.set('tool', f.toolId);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.project) p.set('project', f.project);
  return p;
};

export const hasFilters = (f: WorksFilters) =>
  Boolean(f.q.trim() || f.family || f.toolId || f.from || f.to);

/** Start of a local day as an instant; `next` gives the start of the following day. */
const localDayStart = (day: string, next = false): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (next ? 1 : 0)).toISOString();
};

/**
 * The getTaskList query: dates become instants of the user's own days (the "to" day included),
 * and a reversed range is read the way the user meant it.
 */
export const filtersToQuery = (f: WorksFilters) => {
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to];
  return {
    ...(f.q.trim() && { q: f.q.trim() }),
    ...(f.family && { family: f.family }),
    ...(f.toolId && { toolId: f.toolId }),
    ...(from && { from: localDayStart(from) }),
    ...(to && { to: localDayStart(to, true) }),
    ...(f.project && { projectId: f.project }),
  };
};
