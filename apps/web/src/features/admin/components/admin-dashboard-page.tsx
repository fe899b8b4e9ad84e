import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Segmented, Skeleton, Space, Statistic } from 'antd';
import dayjs from '../../../lib/dayjs-zh';
import { Bar, BarChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { statsQuery } from '../api/console.api';
import { ConsoleError } from './console-error';
import { ChartCard, DailyChart, StatCard, TrafficCards } from './dashboard-cards';

const presets = { '7': '近 7 天', '14': '近 14 天', '30': '近 30 天', '90': '近 90 天' } as const;
const statusNames: Record<string, string> = {
  queued: '排队中',
  running: '生成中',
  succeeded: '已完成',
  failed: '失败',
  canceled: '已取消',
};
const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Provider costs are micro-yuan (exact per-token prices); shown to the fen. */
const costYuan = (micro: number) => (micro / 1_000_000).toFixed(2);
const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** /admin/dashboard: today's figures and daily charts over a date range kept in the URL. */
export const AdminDashboardPage = () => {
  usePageTitle('数据看板');
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? day(dayjs().subtract(13, 'day'));
  const to = params.get('to') ?? day(dayjs());
  const span = String(dayjs(to).diff(dayjs(from), 'day') + 1);
  const query = useQuery(statsQuery({ from, to }));
  const s = query.data;
  const setRange = (f: string, t: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('from', f);
      next.set('to', t);
      return next;
    });

  return (
    <div className="hj-admin-dash">
      <div className="hj-admin-card hj-admin-card__head">
        <div>
          <h1>数据看板</h1>
          <p className="hj-admin-muted">按北京时间统计；“今日”从 0 点算起。</p>
        </div>
        <Space wrap>
          <Segmented
            aria-label="快捷范围"
            value={span in presets ? span : ''}
            options={Object.entries(presets).map(([value, label]) => ({ value, label }))}
            onChange={(v) => setRange(day(dayjs().subtract(Number(v) - 1, 'day')), day(dayjs()))}
          />
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowClear={false}
            value={[dayjs(from), dayjs(to)]}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(range) => {
              if (range?.[0] && range[1]) setRange(day(range[0]), day(range[1]));
            }}
          />
        </Space>
      </div>
      <ConsoleError error={query.error} />
      {!s ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            <StatCard title="用户总数" value={s.users.total} />
            <StatCard title="今日新增" value={s.users.newToday} />
            <StatCard title="今日活跃" value={s.users.activeToday} />
            <StatCard title="排队中的任务" value={s.queueDepth} />
            <StatCard
              title="今日收入（元）"
              value={s.orders.available ? yuan(s.orders.revenueTodayFen) : '—'}
            />
            <StatCard
              title="近 7 日收入（元）"
              value={s.orders.available ? yuan(s.orders.revenue7dFen) : '—'}
            />
            <StatCard title="区间模型成本（元）" value={costYuan(s.costs.totalMicroYuan)} />
            <StatCard
              title="区间收入（元）"
              value={
                s.orders.available ? yuan(s.daily.reduce((sum, d) => sum + d.revenueFen, 0)) : '—'
              }
            />
            <StatCard title="区间发放次数" value={s.tickets.issued} />
            <StatCard title="区间消耗次数" value={s.tickets.spent} />
          </Row>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <DailyChart
              title="新增用户与任务"
              kind="line"
              days={s.daily}
              series={[
                { key: 'newUsers', name: '新增用户', color: '#4f46e5' },
                { key: 'tasks', name: '任务', color: '#06b6d4' },
                { key: 'failedTasks', name: '失败任务', color: '#ef4444' },
              ]}
            />
            <DailyChart
              title="次数发放与消耗"
              kind="bar"
              days={s.daily}
              series={[
                { key: 'ticketsIssued', name: '发放', color: '#4f46e5' },
                { key: 'ticketsSpent', name: '消耗', color: '#f59e0b' },
              ]}
            />
            <DailyChart
              title="每日收入与模型成本（元）"
              kind="bar"
              days={s.daily.map((d) => ({
                day: d.day,
                revenue: Number(yuan(d.revenueFen)),
                cost: Number(costYuan(d.costMicroYuan)),
              }))}
              series={[
                { key: 'revenue', name: '收入', color: '#16a34a' },
                { key: 'cost', name: '模型成本', color: '#ef4444' },
              ]}
            />
            <ChartCard
              title="区间各工具模型成本（元）"
              label="区间各工具模型成本柱状图"
              short
              empty={s.costs.byTool.length === 0 && '区间内没有计费的模型调用'}
            >
              <BarChart
                data={s.costs.byTool.slice(0, 8).map((t) => ({
                  toolId: t.toolId,
                  cost: Number(costYuan(t.costMicroYuan)),
                  calls: t.calls,
                }))}
                layout="vertical"
                margin={{ left: 24, right: 8 }}
              >
                <XAxis type="number" fontSize={12} />
                <YAxis type="category" dataKey="toolId" width={96} fontSize={12} />
                <Tooltip />
                <Bar
                  isAnimationActive={false}
                  dataKey="cost"
                  name="成本（元）"
                  fill="#ef4444"
                  radius={[0, 3, 3, 0]}
                />
              </BarChart>
            </ChartCard>
            <Col xs={24} lg={12}>
              <Card size="small" title="今日任务状态">
                <Row gutter={[8, 8]}>
                  {Object.entries(s.tasksToday.byStatus).map(([k, v]) => (
                    <Col key={k} xs={8} md={8}>
                      <Statistic title={statusNames[k] ?? k} value={v} />
                    </Col>
                  ))}
                </Row>
              </Card>
            </Col>
            <ChartCard
              title="今日各工具任务"
              label="今日各工具任务柱状图"
              short
              empty={s.tasksToday.byTool.length === 0 && '今天还没有任务'}
            >
              <BarChart
                data={s.tasksToday.byTool.slice(0, 8)}
                layout="vertical"
                margin={{ left: 24, right: 8 }}
              >
                <XAxis type="number" allowDecimals={false} fontSize={12} />
                <YAxis type="category" dataKey="toolId" width={96} fontSize={12} />
                <Tooltip />
                <Bar
                  isAnimationActive={false}
                  dataKey="count"
                  name="任务"
                  fill="#06b6d4"
                  radius={[0, 3, 3, 0]}
                />
              </BarChart>
            </ChartCard>
          </Row>
          <TrafficCards days={Math.min(180, Math.max(1, Number(span) || 14))} />
        </>
      )}
    </div>
  );
};
