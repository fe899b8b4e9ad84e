import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { trafficQuery } from '../api/console.api';
import { ConsoleError } from './console-error';

/**
 * A per-day chart of the dashboard: lines or bars, one series per figure of the day's row, the
 * days on the x axis as MM-DD.
 */
export const DailyChart = <K extends string>({
  title,
  kind,
  days,
  series,
}: {
  title: string;
  kind: 'line' | 'bar';
  days: ({ day: string } & Record<K, number>)[];
  series: { key: K; name: string; color: string }[];
}) => {
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <ChartCard title={title} label={`${title}${kind === 'line' ? '折线图' : '柱状图'}`}>
      <Chart data={days} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#eee" />
        <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        {series.map(({ key, name, color }) =>
          kind === 'line' ? (
            <Line
              key={key}
              isAnimationActive={false}
              type="monotone"
              dataKey={key}
              name={name}
              stroke={color}
              strokeWidth={2}
              dot={false}
            />
          ) : (
            <Bar
              key={key}
              isAnimationActive={false}
              dataKey={key}
              name={name}
              fill={color}
              radius={[3, 3, 0, 0]}
            />
          ),
        )}
      </Chart>
    </ChartCard>
  );
};

/** One figure of the dashboard's top rows. */
export const StatCard = ({ title, value }: { title: string; value: ReactNode }) => (
  <Col xs={12} md={6}>
    <Card size="small">
      <Statistic title={title} value={value as string | number} />
    </Card>
  </Col>
);

/** A titled dashboard card holding one recharts chart, or an empty state when there is no data. */
export const ChartCard = ({
  title,
  label,
  short,
  empty,
  children,
}: {
  title: string;
  /** What a screen reader hears for the chart. */
  label: string;
  short?: boolean;
  /** Shown instead of the chart when set. */
  empty?: string | false;
  children: ReactElement;
}) => (
  <Col xs={24} lg={12}>
    <Card size="small" title={title}>
      {empty ? (
        <Empty description={empty} />
      ) : (
        <div
          className={`hj-admin-chart${short ? ' hj-admin-chart--short' : ''}`}
          aria-label={label}
        >
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  </Col>
);

const eventNames: Record<string, string> = {
  tool_open: '打开工具',
  download: '下载结果',
  search: '搜索',
  order_paid: '支付成功订单',
  picture_published: '发布到灵感广场',
};

/**
 * Page views (top pages), key events (order_paid and picture_published from their own tables) and the per-tool funnel
 * over the last `days` days, from GET /api/user/manage/track/summary.
 */
export const TrafficCards = ({ days }: { days: number }) => {
  const query = useQuery(trafficQuery(days));
  const t = query.data;
  if (query.error) return <ConsoleError error={query.error} />;
  if (!t) return null;
  const pages = t.pages.slice(0, 8);
  const funnel = t.funnel.slice(0, 8);
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
      <ChartCard
        title={`热门页面（近 ${days} 天）`}
        label="热门页面柱状图"
        empty={pages.length === 0 && '这段时间还没有页面访问'}
      >
        <BarChart data={pages} layout="vertical" margin={{ left: 24, right: 8 }}>
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="label" width={110} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar isAnimationActive={false} dataKey="views" name="浏览" fill="#4f46e5" />
          <Bar isAnimationActive={false} dataKey="visitors" name="访客" fill="#06b6d4" />
        </BarChart>
      </ChartCard>
      <ChartCard
        title={`工具漏斗（近 ${days} 天）`}
        label="工具漏斗柱状图"
        empty={funnel.length === 0 && '这段时间还没有工具使用'}
      >
        <BarChart data={funnel} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <XAxis dataKey="tool" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar isAnimationActive={false} dataKey="opened" name="打开" fill="#a5b4fc" />
          <Bar isAnimationActive={false} dataKey="started" name="开始" fill="#6366f1" />
          <Bar isAnimationActive={false} dataKey="results" name="出图" fill="#4338ca" />
          <Bar isAnimationActive={false} dataKey="downloads" name="下载" fill="#f59e0b" />
        </BarChart>
      </ChartCard>
      <Col xs={24}>
        <Card size="small" title={`关键事件（近 ${days} 天）`}>
          {t.events.length === 0 ? (
            <Empty description="这段时间还没有事件" />
          ) : (
            <Row gutter={[8, 8]}>
              {t.events.map((e) => (
                <Col key={e.kind} xs={12} md={6}>
                  <Statistic title={eventNames[e.kind] ?? e.kind} value={e.count} />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  );
};
