import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { allTools, familyNames, type ToolFamily } from '@huijing/tools';
import { Button, DatePicker, Input, Segmented, Select } from 'antd';
import dayjs from '../../../lib/dayjs-zh';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';
import { hasFilters, type WorksFilters } from '../model/works-filters';

const families: ToolFamily[] = ['render', 'edit', 'generate'];

/** The filters keep local calendar days as YYYY-MM-DD (the address and the API read that). */
const DAY = 'YYYY-MM-DD';
/** Shown the Chinese way (2026年11月25日); typing 2026-11-25 is understood too. */
const dayFormats = ['YYYY年M月D日', DAY];

/** Search (debounced), family, tool and a day range; every change lands in the address. */
export const WorksToolbar = ({
  filters,
  onChange,
}: {
  filters: WorksFilters;
  onChange: (next: Partial<WorksFilters>) => void;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const [draft, setDraft] = useState(filters.q);
  const [seen, setSeen] = useState(filters.q);
  // The address may change from outside (reset, back button): follow it.
  if (seen !== filters.q) {
    setSeen(filters.q);
    setDraft(filters.q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ q: value }), 350);
  };
  const submit = () => {
    clearTimeout(timer.current);
    if (draft !== filters.q) onChange({ q: draft });
  };

  const tools = allTools.filter((tool) => !filters.family || tool.family === filters.family);
  return (
    <div className="hj-works__toolbar" role="search">
      <Input
        allowClear
        size="large"
        className="hj-works__search"
        prefix={<SearchOutlined />}
        placeholder={t('works.filters.search')}
        aria-label={t('works.filters.search')}
        value={draft}
        onChange={(e) => type(e.target.value)}
        onPressEnter={submit}
      />
      <Segmented
        className="hj-works__families"
        value={filters.family || 'all'}
        onChange={(v) => onChange({ family: v === 'all' ? '' : (v as ToolFamily), toolId: '' })}
        options={[
          { label: t('works.filters.allFamilies'), value: 'all' },
          ...families.map((f) => ({ label: pick(familyNames[f]), value: f })),
        ]}
      />
      <Select
        className="hj-works__tool"
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('works.filters.allTools')}
        aria-label={t('works.filters.tool')}
        value={filters.toolId || undefined}
        onChange={(v?: string) => onChange({ toolId: v ?? '' })}
        options={tools.map((tool) => ({ value: tool.id, label: pick(tool.name) }))}
      />
      <div className="hj-works__dates">
        <DatePicker
          aria-label={t('works.filters.from')}
          placeholder={t('works.filters.from')}
          format={dayFormats}
          value={filters.from ? dayjs(filters.from) : null}
          maxDate={filters.to ? dayjs(filters.to) : undefined}
          onChange={(d) => onChange({ from: d ? d.format(DAY) : '' })}
        />
        <span aria-hidden>–</span>
        <DatePicker
          aria-label={t('works.filters.to')}
          placeholder={t('works.filters.to')}
          format={dayFormats}
          value={filters.to ? dayjs(filters.to) : null}
          minDate={filters.from ? dayjs(filters.from) : undefined}
          onChange={(d) => onChange({ to: d ? d.format(DAY) : '' })}
        />
      </div>
      {hasFilters(filters) ? (
        <Button
          icon={<ReloadOutlined />}
          onClick={() => onChange({ q: '', family: '', toolId: '', from: '', to: '' })}
        >
          {t('works.filters.reset')}
        </Button>
      ) : null}
    </div>
  );
};
